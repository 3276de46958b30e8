/**
 * Servers' requests to use Hearth's model (MCP sampling). The user sees exactly what would be
 * sent, may edit it, and approves or rejects it; the model (chosen from the server's preferences
 * among the installed ones) answers only after approval.
 */
import {
  ProtocolError,
  ProtocolErrorCode,
  type CreateMessageRequest,
} from '@modelcontextprotocol/client';
import type { Message } from 'ollama';
import type { Settings } from '../../../../preload/contract';
import type { UserQuestions } from '../../questions/userQuestions';
import type { ModelProvider } from '../../ollama/ollamaService';
import type { Sample } from './serverRequests';

/** The error code the spec asks for when the user rejects a sampling request. */
export const USER_REJECTED = -1;

export function createSamplingHandler(options: {
  questions: Pick<UserQuestions, 'askSampling'>;
  provider(): ModelProvider;
  settings(): Settings;
}): Sample {
  return async (server, params, signal) => {
    // A cloud model is never picked for the user: it sends the server's messages to ollama.com.
    const installed = (
      await options
        .provider()
        .listModels()
        .catch(() => [])
    )
      .filter((model) => !model.remote)
      .map((model) => model.name);
    const model = chooseModel(
      params.modelPreferences?.hints?.map((hint) => hint.name ?? '') ?? [],
      installed,
      options.settings().chat.model,
    );
    if (!model)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        'Hearth has no model to answer with: the user has not picked one.',
      );
    const messages = params.messages.map((message) => ({
      role: message.role,
      text: textOf(message.content),
    }));
    const answer = await options.questions.askSampling(
      {
        server,
        messages,
        ...(params.systemPrompt ? { systemPrompt: params.systemPrompt } : {}),
        maxTokens: params.maxTokens,
        model,
      },
      signal,
    );
    if (answer.action === 'reject')
      throw new ProtocolError(USER_REJECTED, 'The user rejected the request to use the model.');
    const system = answer.systemPrompt ?? params.systemPrompt;
    const request: Message[] = [
      ...(system ? [{ role: 'system', content: system }] : []),
      ...(answer.messages ?? messages).map((message) => ({
        role: message.role,
        content: message.text,
      })),
    ];
    let text = '';
    let doneReason = '';
    for await (const chunk of options.provider().chat(
      {
        model,
        messages: request,
        options: {
          num_predict: params.maxTokens,
          ...(params.temperature === undefined ? {} : { temperature: params.temperature }),
          ...(params.stopSequences?.length ? { stop: params.stopSequences } : {}),
        },
      },
      { signal },
    )) {
      text += chunk.message.content;
      if (chunk.done) doneReason = chunk.done_reason;
    }
    return {
      role: 'assistant',
      content: { type: 'text', text },
      model,
      stopReason: doneReason === 'length' ? 'maxTokens' : 'endTurn',
    };
  };
}

/**
 * The model to answer with: the first installed model matching one of the server's hints (by
 * name, ignoring case), else the user's default, else the first installed model.
 */
export function chooseModel(
  hints: string[],
  installed: string[],
  fallback: string,
): string | undefined {
  for (const hint of hints.map((name) => name.trim().toLowerCase()).filter(Boolean)) {
    const match = installed.find((name) => name.toLowerCase().includes(hint));
    if (match) return match;
  }
  return fallback || installed[0];
}

/** A message's content as text; what cannot be shown as text is named in brackets. */
function textOf(content: CreateMessageRequest['params']['messages'][number]['content']): string {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks
    .map((block) => {
      if (block.type === 'text') return block.text;
      if (block.type === 'image') return `[image: ${block.mimeType}]`;
      if (block.type === 'audio') return `[audio: ${block.mimeType}]`;
      return `[${block.type}]`;
    })
    .join('\n');
}
