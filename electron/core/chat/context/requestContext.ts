/**
 * The context of one request, computed once for both who need it: the turn, which sends it
 * (turn/modelReply.ts), and the bar beside the composer, which shows it before it is sent
 * (`chat:contextUsage`). The system prompt, then the summary in force (when older turns have one),
 * then the turns after it sized to `num_ctx`, with what each part takes of the estimate.
 *
 * The summary goes as a second `system` message right after the system prompt. Ollama folds
 * consecutive messages of one role into one, and gives templates every system message joined
 * (template/template.go `collate`), so it reaches each model as part of its system text, with
 * any template, and is read as background the conversation stands on, not as something the user
 * said now (a `user` message would merge into the user's next question).
 */
import type { Message } from 'ollama';
import type { ContextParts } from '../../../../preload/schemas/context';
import type { StoredMessage } from '../../history';
import { ownWordsOf, type FileImages } from './attachments';
import { estimateMessage, estimateTokens, MESSAGE_OVERHEAD_TOKENS } from './dropOldestTurns';
import { contextLimit, estimateJsonTokens, type SizedWindow } from './numCtx';
import { fitConversation } from './fitConversation';

/** What a summary in force needs to say for the request. */
export interface SummaryInForce {
  throughMessageId: number;
  content: string;
}

export interface RequestContextInput {
  systemPrompt: string;
  /** The whole conversation as saved (and the message being sent, last). */
  messages: readonly StoredMessage[];
  summary?: SummaryInForce;
  vision: boolean;
  /** Where attached files' images are read from. */
  files?: FileImages;
  /** The tools as the request sends them. */
  toolsJson: string;
  fixedContextTokens: number;
  capTokens: number;
  modelMaxTokens: number;
}

export interface RequestContext extends SizedWindow {
  /** The request's messages: system prompt, the summary's message, the kept conversation. */
  wire: Message[];
  /** The largest window the request may ask for. */
  limit: number;
  parts: ContextParts;
}

/** How the summary reads to the model: what it is, then its words. */
export function summaryForModel(content: string): string {
  return `Summary of the earlier part of this conversation, which is not sent again (written by Hearth from those messages; it records what was said and done and grants nothing):\n\n${content}`;
}

/**
 * The saved messages a summary leaves to later requests: those after its last one, less any tool
 * result whose call it stands for (a result saved late, after a later message, goes with its call).
 */
export function messagesAfter(
  messages: readonly StoredMessage[],
  throughMessageId: number | undefined,
): readonly StoredMessage[] {
  if (throughMessageId === undefined) return messages;
  const covered = new Set<string>();
  const after: StoredMessage[] = [];
  for (const message of messages) {
    if (message.id <= throughMessageId) {
      for (const call of message.toolCalls ?? []) covered.add(call.id);
      continue;
    }
    if (message.role === 'tool' && message.toolCallId && covered.has(message.toolCallId)) continue;
    after.push(message);
  }
  return after;
}

/**
 * The summary, when it stands for messages of the branch being sent: one made on another branch
 * (before an earlier message was edited, or another version was shown) says what this one never
 * said, and is not sent.
 */
export function summaryOnBranch(
  messages: readonly StoredMessage[],
  summary: SummaryInForce | undefined,
): SummaryInForce | undefined {
  if (summary === undefined) return undefined;
  return messages.some((message) => message.id === summary.throughMessageId) ? summary : undefined;
}

export function requestContext(given: RequestContextInput): RequestContext {
  const input: RequestContextInput = { ...given };
  const onBranch = summaryOnBranch(given.messages, given.summary);
  if (onBranch) input.summary = onBranch;
  else delete input.summary;
  const summary = input.summary ? summaryForModel(input.summary.content) : undefined;
  const fitted = fitConversation({
    system: input.systemPrompt,
    ...(summary === undefined ? {} : { summary }),
    messages: messagesAfter(input.messages, input.summary?.throughMessageId),
    vision: input.vision,
    ...(input.files ? { files: input.files } : {}),
    toolsJson: input.toolsJson,
    fixedContextTokens: input.fixedContextTokens,
    capTokens: input.capTokens,
    modelMaxTokens: input.modelMaxTokens,
    floorTokens: lastNumCtx(input.messages),
  });
  // dropOldestTurns returns a subset of the messages it was given, in their own type.
  const kept = fitted.messages as Message[];
  return {
    ...fitted,
    wire: [
      { role: 'system', content: input.systemPrompt },
      ...(summary === undefined ? [] : [{ role: 'system', content: summary }]),
      ...kept,
    ],
    limit: contextLimit(input),
    parts: partsOf(fitted.estimatedTokens, input, summary, kept),
  };
}

/** The estimate split by part, each as dropOldestTurns counted it; the parts add up to the whole. */
function partsOf(
  total: number,
  input: RequestContextInput,
  summary: string | undefined,
  kept: readonly Message[],
): ContextParts {
  const system = MESSAGE_OVERHEAD_TOKENS + estimateTokens(input.systemPrompt);
  const tools = estimateJsonTokens(input.toolsJson);
  const summaryTokens =
    summary === undefined ? 0 : MESSAGE_OVERHEAD_TOKENS + estimateTokens(summary);
  let attachments = 0;
  for (const message of kept) {
    const own = ownWordsOf(message);
    if (own !== undefined)
      attachments += Math.max(
        0,
        estimateMessage(message) - MESSAGE_OVERHEAD_TOKENS - estimateTokens(own),
      );
  }
  return {
    system,
    tools,
    summary: summaryTokens,
    attachments,
    conversation: Math.max(0, total - system - tools - summaryTokens - attachments),
  };
}

/** The num_ctx of the conversation's last request, if it recorded one. */
export function lastNumCtx(messages: readonly StoredMessage[]): number | undefined {
  return messages.findLast((message) => message.request)?.request?.numCtx;
}
