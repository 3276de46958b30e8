/**
 * Sizes `num_ctx` for one request: counts what is sent (system prompt, tool schemas, history),
 * asks for a window that fits it, within the model's maximum and the user's memory cap, and
 * when even that cannot hold the conversation, drops the oldest turns (dropOldestTurns.ts) and
 * says so. Ollama reloads a model when num_ctx changes, so the size moves in coarse steps.
 */
import {
  countCharacters,
  estimateWhole,
  dropOldestTurns,
  TOKENS_PER_OTHER_CHARACTER,
  type ChatMessageLike,
} from './dropOldestTurns';

/**
 * Characters per token of tool schemas as JSON. Measured with Llama 3's tokenizer on the 143
 * real tool definitions of bench/toolSelection (4.8 characters per token; `npm run bench`
 * reports the ratio as tokens.estimate_over_llama3.tools_json); 4.3 keeps a 10 % margin for
 * vocabularies that split JSON finer.
 */
export const JSON_CHARS_PER_TOKEN = 4.3;
/** num_ctx moves in steps of this size, so small changes in a conversation don't reload the model. */
export const CONTEXT_STEP = 2_048;
/** Never ask for less: a conversation soon needs this much, and growing into it reloads the model. */
export const MIN_CONTEXT = 8_192;
/** Tokens kept free for the model's reply. */
export const REPLY_RESERVE_TOKENS = 1_024;

/**
 * Tool schemas as tokens, with the JSON rate for ASCII and the cautious rate for the rest, as
 * `estimateTokens` counts it.
 */
export function estimateJsonTokens(json: string): number {
  const { ascii, other } = countCharacters(json);
  return Math.ceil(ascii / JSON_CHARS_PER_TOKEN) + other * TOKENS_PER_OTHER_CHARACTER;
}

export interface SizeWindowInput {
  system: string;
  /** A summary standing for older turns, sent whole after the system prompt. */
  summary?: string;
  messages: ChatMessageLike[];
  toolsJson: string;
  /** `toolsJson` counted (estimateJsonTokens), when the caller has counted it already. */
  toolsTokens?: number;
  /**
   * The conversation goes on before `messages`, more than the largest window holds
   * (recentWindow.ts): the window is then the largest, and `leftOut` messages count as dropped.
   */
  before?: { leftOut: number };
  /** The user's fixed window (Settings), or 0 to size it from the request. */
  fixedContextTokens: number;
  /** The largest window automatic sizing may ask for (memory grows with the window). */
  capTokens: number;
  /** The model's own maximum, from /api/show. */
  modelMaxTokens: number;
  /**
   * The window this conversation's last request used: automatic sizing does not go below it,
   * since every change of num_ctx makes Ollama reload the model, and a window that shrank for
   * one short reply would only grow again.
   */
  floorTokens?: number;
}

export interface SizedWindow {
  numCtx: number;
  messages: ChatMessageLike[];
  droppedMessages: number;
  estimatedTokens: number;
}

/** The largest window a request may ask for: the user's fixed one, else the cap, within the model's. */
export function contextLimit(
  input: Pick<SizeWindowInput, 'fixedContextTokens' | 'capTokens' | 'modelMaxTokens'>,
): number {
  return Math.max(
    1,
    input.fixedContextTokens > 0
      ? Math.min(input.fixedContextTokens, input.modelMaxTokens)
      : Math.min(input.capTokens, input.modelMaxTokens),
  );
}

export function sizeWindow(input: SizeWindowInput): SizedWindow {
  const toolsTokens = input.toolsTokens ?? estimateJsonTokens(input.toolsJson);
  const limit = contextLimit(input);
  const wanted = input.before
    ? limit
    : roundUp(
        estimateWhole({
          system: input.system,
          ...(input.summary === undefined ? {} : { summary: input.summary }),
          messages: input.messages,
          toolsJson: input.toolsJson,
          toolsTokens,
        }) + REPLY_RESERVE_TOKENS,
      );
  const numCtx =
    input.fixedContextTokens > 0
      ? limit
      : Math.min(limit, Math.max(wanted, input.floorTokens ?? 0));
  const fitted = dropOldestTurns({
    system: input.system,
    ...(input.summary === undefined ? {} : { summary: input.summary }),
    messages: input.messages,
    toolsJson: input.toolsJson,
    toolsTokens,
    contextTokens: numCtx,
    replyReserveTokens: REPLY_RESERVE_TOKENS,
  });
  return {
    numCtx,
    messages: fitted.messages,
    droppedMessages: fitted.droppedMessages + (input.before?.leftOut ?? 0),
    estimatedTokens: fitted.estimatedTokens,
  };
}

/** Up to the next step, and at least the minimum. */
function roundUp(tokens: number): number {
  return Math.max(MIN_CONTEXT, Math.ceil(tokens / CONTEXT_STEP) * CONTEXT_STEP);
}

/** What the chat says when turns were left out. */
export function droppedNotice(count: number): string {
  return `Oldest ${count} message${count === 1 ? '' : 's'} not sent: the conversation is longer than the model's context.`;
}
