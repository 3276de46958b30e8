/**
 * One request to the model and its streamed reply: the conversation sized to the context
 * (`num_ctx` always sent), the offered tools, `think` and `keep_alive` as Ollama takes them; the
 * reply's words and thinking go to the page as they come, and its tool calls are gathered from
 * every chunk, the done chunk included.
 */
import type { ChatRequest, ToolCall } from 'ollama';
import { OllamaError } from '../../ollama/ollamaErrors';
import type { ModelCapabilities } from '../../ollama/ollamaService';
import { droppedNotice } from '../context/numCtx';
import {
  requestContext,
  type RequestContext,
  type RequestContextInput,
} from '../context/requestContext';
import { createDeltaBatcher } from './deltaBatcher';
import type { ToolOffer } from '../offer/types';
import { requestFacts } from '../offer/turnOffer';
import type { Reply, Turn, TurnOptions } from './types';

/**
 * The context of this round's request: the one computation the context bar shows too
 * (`chat:contextUsage` runs it over the conversation and the message being written).
 */
export function roundContext(
  turn: Turn,
  offer: ToolOffer,
  capabilities: ModelCapabilities,
): RequestContext {
  return requestContext(roundInput(turn, offer, capabilities));
}

/** What this round's request is sized from. */
function roundInput(
  turn: Turn,
  offer: ToolOffer,
  capabilities: ModelCapabilities,
): RequestContextInput {
  const { options, messages } = turn;
  const summary = options.summary?.();
  return {
    systemPrompt: options.systemPrompt,
    messages,
    ...(summary ? { summary } : {}),
    vision: capabilities.vision,
    ...(options.files ? { files: options.files } : {}),
    toolsJson: JSON.stringify(offer.tools.map((tool) => tool.ollama)),
    fixedContextTokens: options.settings.contextTokens,
    capTokens: options.settings.contextCapTokens ?? capabilities.contextLength,
    modelMaxTokens: capabilities.contextLength,
  };
}

/** What a turn has said and tried about older messages that do not fit. */
export interface ContextTold {
  /** The notice that messages were left out was given (once a turn). */
  dropped: boolean;
  /** Summarising was tried this turn (once a turn). */
  summarised?: boolean;
  /** Why summarising did not work, said with the notice: the drop is its fallback. */
  fallback?: string;
}

/**
 * The request for this round. When older turns would be left out and the user lets Hearth
 * summarise without asking, it summarises them first (once a turn); when that fails, they are
 * left out as before, and the notice says why.
 */
export async function prepareRequest(
  turn: Turn,
  offer: ToolOffer,
  capabilities: ModelCapabilities,
  told: ContextTold,
): Promise<{ request: ChatRequest; facts: Reply['request'] }> {
  let context = roundContext(turn, offer, capabilities);
  const summarise = turn.options.summariseOlder;
  if (context.droppedMessages > 0 && summarise && !told.summarised) {
    told.summarised = true;
    turn.status('thinking', SUMMARISING);
    const before = turn.options.summary?.()?.throughMessageId;
    const failure = await summarise(roundInput(turn, offer, capabilities), turn.options.signal);
    if (failure) told.fallback = failure;
    // Said in place of "Summarising…", which would otherwise stay under the reply.
    else if (turn.options.summary?.()?.throughMessageId !== before)
      turn.status('thinking', SUMMARISED);
    context = roundContext(turn, offer, capabilities);
  }
  return buildRequest(turn, offer, capabilities, context, told);
}

/** What the chat says while it summarises without asking, and once it has. */
export const SUMMARISING = 'Summarising older turns so the conversation fits the model’s context…';
export const SUMMARISED =
  'Older turns were summarised so the conversation fits the model’s context; the summary is in the conversation, where you can read, edit or undo it.';

/** Builds the request for this round from its context; says once a turn when messages were left out. */
function buildRequest(
  turn: Turn,
  offer: ToolOffer,
  capabilities: ModelCapabilities,
  fitted: RequestContext,
  told: ContextTold,
): { request: ChatRequest; facts: Reply['request'] } {
  const { options } = turn;
  const ollamaTools = offer.tools.map((tool) => tool.ollama);
  // Said once a turn, and kept with the reply: dropping history is never silent.
  if (fitted.droppedMessages > 0 && !told.dropped) {
    told.dropped = true;
    turn.status(
      'thinking',
      [told.fallback, droppedNotice(fitted.droppedMessages)].filter(Boolean).join(' '),
    );
  }
  const request: ChatRequest = {
    model: options.model,
    messages: fitted.wire,
    ...(ollamaTools.length ? { tools: ollamaTools } : {}),
    ...(capabilities.thinking ? { think: thinkValue(capabilities, options.settings) } : {}),
    keep_alive: options.settings.keepAlive,
    // Always sent: Ollama's small default would silently cut the prompt from the front.
    options: { ...options.sampling, num_ctx: fitted.numCtx },
  };
  return { request, facts: requestFacts(offer, fitted) };
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
