/**
 * Replies that look finished but are not: Ollama ends them with an ordinary done chunk, so the
 * chat loop must tell them apart itself. `done_reason` is "length" when the model hit its output
 * or context limit (llm/server.go DoneReason in ollama/ollama), and a done chunk with no text and
 * no tool call is what is left when a built-in parser held back a tool call it could not parse
 * (server/routes.go ChatHandler, model/parsers).
 */

export type UnfinishedProblem = 'reply-cut' | 'reply-empty';

export function unfinishedReply(reply: {
  content: string;
  toolCalls: readonly unknown[];
  doneReason: string | undefined;
}): { message: string; problem: UnfinishedProblem } | undefined {
  if (reply.doneReason === 'length') {
    return {
      message:
        'The reply was cut off: the model reached the most it may write at once (or its context window filled), so it is incomplete. Retry, or ask it to go on.',
      problem: 'reply-cut',
    };
  }
  if (reply.content.trim() === '' && reply.toolCalls.length === 0) {
    return {
      message:
        'The model sent an empty reply. It may have written a tool call Ollama could not read. Retry, or try another model.',
      problem: 'reply-empty',
    };
  }
  return undefined;
}
