/**
 * One request to the model and its streamed reply: the conversation sized to the context
 * (`num_ctx` always sent), the offered tools, `think` and `keep_alive` as Ollama takes them; the
 * reply's words and thinking go to the page as they come, and its tool calls are gathered from
 * every chunk, the done chunk included.
 */
import type { ChatRequest, Message, ToolCall } from 'ollama';
import { OllamaError } from '../../ollama/ollamaErrors';
import type { ModelCapabilities } from '../../ollama/ollamaService';
import { droppedNotice } from '../context/numCtx';
import { fitConversation } from '../context/fitConversation';
import { createDeltaBatcher } from './deltaBatcher';
import type { ToolOffer } from '../offer/types';
import { lastNumCtx, requestFacts } from '../offer/turnOffer';
import type { Reply, Turn, TurnOptions } from './types';

/** Builds the request for this round; says once a turn when old messages had to be left out. */
export function buildRequest(
  turn: Turn,
  offer: ToolOffer,
  capabilities: ModelCapabilities,
  toldDropped: boolean,
): { request: ChatRequest; facts: Reply['request']; dropped: boolean } {
  const { options, messages } = turn;
  const ollamaTools = offer.tools.map((tool) => tool.ollama);
  const fitted = fitConversation({
    system: options.systemPrompt,
    messages,
    vision: capabilities.vision,
    toolsJson: JSON.stringify(ollamaTools),
    fixedContextTokens: options.settings.contextTokens,
    capTokens: options.settings.contextCapTokens ?? capabilities.contextLength,
    modelMaxTokens: capabilities.contextLength,
    floorTokens: lastNumCtx(messages),
  });
  // Said once a turn, and kept with the reply: dropping history is never silent.
  const dropped = fitted.droppedMessages > 0;
  if (dropped && !toldDropped) turn.status('thinking', droppedNotice(fitted.droppedMessages));
  const request: ChatRequest = {
    model: options.model,
    // dropOldestTurns returns a subset of the messages it was given, in their own type.
    messages: [
      { role: 'system', content: options.systemPrompt },
      ...(fitted.messages as Message[]),
    ],
    ...(ollamaTools.length ? { tools: ollamaTools } : {}),
    ...(capabilities.thinking ? { think: thinkValue(capabilities, options.settings) } : {}),
    keep_alive: options.settings.keepAlive,
    // Always sent: Ollama's small default would silently cut the prompt from the front.
    options: { ...options.sampling, num_ctx: fitted.numCtx },
  };
  return { request, facts: requestFacts(offer, fitted), dropped };
}

/**
 * Streams the reply to `request`. On failure, what was written so far is kept, marked as cut,
 * the turn ends in words, and the answer is undefined; except a call whose arguments Ollama could
 * not read, when `rescue` makes a call of them.
 */
export async function readReply(
  turn: Turn,
  request: ChatRequest,
  facts: Reply['request'],
  rescue?: (unreadArguments: string) => ToolCall[] | undefined,
): Promise<Reply | undefined> {
  const { options } = turn;
  const { conversationId, turnId, signal } = options;
  const batcher = createDeltaBatcher((delta) =>
    options.events.delta({ conversationId, turnId, ...delta }),
  );
  const reply: Reply = {
    content: '',
    thinking: '',
    toolCalls: [],
    request: facts,
    doneReason: undefined,
  };
  let streaming = false;
  try {
    for await (const chunk of options.provider.chat(request, { signal, ...limits(options) })) {
      const piece = chunk.message?.content ?? '';
      const thought = chunk.message?.thinking ?? '';
      if (!streaming && (piece || thought)) {
        streaming = true;
        turn.status('streaming');
      }
      reply.content += piece;
      reply.thinking += thought;
      if (piece || thought) batcher.add({ content: piece, thinking: thought });
      reply.toolCalls.push(...(chunk.message?.tool_calls ?? []));
      if (chunk.done) {
        reply.doneReason = chunk.done_reason;
        reply.timings = {
          totalMs: Math.round((chunk.total_duration ?? 0) / 1e6),
          promptTokens: chunk.prompt_eval_count ?? 0,
          evalTokens: chunk.eval_count ?? 0,
          evalMs: Math.round((chunk.eval_duration ?? 0) / 1e6),
        };
      }
    }
    batcher.flush();
    return reply;
  } catch (error) {
    batcher.flush();
    const unread = error instanceof OllamaError ? error.unreadArguments : undefined;
    const rescued = unread === undefined || signal.aborted ? undefined : rescue?.(unread);
    if (rescued) return { ...reply, toolCalls: rescued, written: unread };
    // What was written before the failure is kept, marked as cut, never silently lost.
    if (reply.content || reply.thinking) {
      turn.save([
        {
          role: 'assistant',
          content: `${reply.content}\n\n[The reply was cut off.]`.trim(),
          ...(reply.thinking ? { thinking: reply.thinking } : {}),
          model: options.model,
        },
      ]);
    }
    turn.fail(error);
    return undefined;
  }
}

/** How long a reply may take to start, and then to send its next token. */
function limits(options: TurnOptions): { firstTokenTimeoutMs?: number; idleTimeoutMs?: number } {
  return {
    ...(options.settings.firstTokenSeconds
      ? { firstTokenTimeoutMs: options.settings.firstTokenSeconds * 1_000 }
      : {}),
    ...(options.settings.idleSeconds
      ? { idleTimeoutMs: options.settings.idleSeconds * 1_000 }
      : {}),
  };
}

/**
 * `think` as the model takes it: a level for gpt-oss (which ignores true/false and cannot stop
 * thinking: harmony in Ollama's server/routes.go), on/off for the others.
 */
function thinkValue(
  capabilities: ModelCapabilities,
  settings: TurnOptions['settings'],
): ChatRequest['think'] {
  if (!capabilities.thinkLevels) return settings.think;
  return settings.thinkLevel ?? 'medium';
}
