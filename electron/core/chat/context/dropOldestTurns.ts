/**
 * Fits a chat request into the model's context window. Ollama silently cuts a prompt that is too
 * long from the front, which can lose the question itself; here the cut is ours: whole turns,
 * oldest first, never the system prompt, the tools, or the latest user message, and never an
 * assistant's tool calls without the results that answer them.
 */

/** A message in Ollama's `/api/chat` shape, as far as counting and trimming need. */
export interface ChatMessageLike {
  role: string;
  content: string;
  thinking?: string;
  tool_calls?: unknown[];
  tool_name?: string;
  images?: unknown[];
}

export interface DropOldestTurnsInput {
  /** Sent first, whole, always. */
  system: string;
  /**
   * A summary that stands for older turns, sent whole after the system prompt as a message of
   * its own (requestContext.ts); counted like the system prompt, never dropped.
   */
  summary?: string;
  /** The conversation, oldest first, without the system prompt. */
  messages: ChatMessageLike[];
  /** The tool definitions as they will be sent. */
  toolsJson: string;
  /** Their count when the caller has a better one than counting `toolsJson` as prose. */
  toolsTokens?: number;
  /** The model's window (`num_ctx`). */
  contextTokens: number;
  /** Room left for the reply. */
  replyReserveTokens: number;
  /** A real tokenizer where there is one; `estimateTokens` otherwise. */
  countTokens?: (text: string) => number;
}

export interface DropOldestTurnsResult {
  /** What to send after the system prompt: a suffix of the input, minus any dropped groups. */
  messages: ChatMessageLike[];
  droppedMessages: number;
  /** System prompt, tools and kept messages; above the budget when even the minimum did not fit. */
  estimatedTokens: number;
}

/**
 * ASCII characters per token for the default estimate. English prose with Llama/Qwen-style BPE
 * vocabularies runs near 4; code and JSON run lower. 3.5 overestimates prose a little, which only
 * trims a little early, where underestimating would overflow the window.
 */
export const CHARS_PER_TOKEN = 3.5;

/**
 * Every character outside ASCII counts as a whole token. Chinese, Japanese and Korean run close
 * to one token per character in these vocabularies, so dividing them by 3.5 would undercount
 * several times over; for accented Latin or Cyrillic this overcounts, the safe direction.
 */
export const TOKENS_PER_OTHER_CHARACTER = 1;

/**
 * Tokens a chat template adds around each message (role header, start and end markers); about
 * 4 in Llama 3's and Qwen's templates. Counted for the system prompt too, and added to counts
 * from a custom `countTokens`, which sees only the text.
 */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/**
 * Tokens one image takes in the prompt, as Ollama itself counts it when it trims a conversation
 * (server/prompt.go chatPrompt: "Clip images are represented as 768 tokens").
 */
export const IMAGE_TOKENS = 768;

/**
 * A deliberately cautious token count for `text`: ASCII characters / `CHARS_PER_TOKEN` plus one
 * token per other character (a code point, so an emoji counts once), rounded up.
 */
export function estimateTokens(text: string): number {
  const { ascii, other } = countCharacters(text);
  return Math.ceil(ascii / CHARS_PER_TOKEN + other * TOKENS_PER_OTHER_CHARACTER);
}

/** ASCII characters, and other characters as code points (a surrogate pair counts once). */
export function countCharacters(text: string): { ascii: number; other: number } {
  let ascii = 0;
  let other = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) ascii++;
    else {
      other++;
      // A high surrogate and the low one after it are one character.
      if (code >= 0xd800 && code <= 0xdbff) index++;
    }
  }
  return { ascii, other };
}

/**
 * Keeps as much recent conversation as fits; see the file comment for what is never cut. It
 * runs before every request over the whole conversation, so it works on indexes and running
 * sums, with no arrays per turn (bench: chat.loop_overhead_ms).
 */
export function dropOldestTurns(input: DropOldestTurnsInput): DropOldestTurnsResult {
  const count = input.countTokens ?? estimateTokens;
  const { messages } = input;
  const budget = input.contextTokens - input.replyReserveTokens;
  let total = fixedTokens(input, count);
  const costs = new Array<number>(messages.length);
  for (let index = 0; index < messages.length; index++) {
    const cost = messageTokens(messages[index] as ChatMessageLike, count);
    costs[index] = cost;
    total += cost;
  }

  // Oldest whole turns first: a turn runs from a user message to the next (anything before the
  // first is a turn of its own); the last turn holds the latest user message and always stays.
  const lastStart = Math.max(
    0,
    messages.findLastIndex((message) => message.role === 'user'),
  );
  let firstKept = 0;
  while (total > budget && firstKept < lastStart) {
    let end = firstKept + 1;
    while (end < lastStart && messages[end]?.role !== 'user') end++;
    for (let index = firstKept; index < end; index++) total -= costs[index] as number;
    firstKept = end;
  }

  // Still too big: inside the last turn, drop its oldest steps (an assistant message with the
  // tool results that follow it), keeping its opening user message and its newest step, so the
  // model still sees the question and what it last learned.
  const dropped = new Set<number>();
  if (total > budget) {
    const steps = [lastStart];
    for (let index = lastStart + 1; index < messages.length; index++) {
      const role = messages[index]?.role;
      if (role === 'user' || role === 'assistant') steps.push(index);
    }
    for (let step = 1; step < steps.length - 1 && total > budget; step++) {
      for (let index = steps[step] as number; index < (steps[step + 1] as number); index++) {
        total -= costs[index] as number;
        dropped.add(index);
      }
    }
  }

  const kept: ChatMessageLike[] = [];
  for (let index = firstKept; index < messages.length; index++)
    if (!dropped.has(index)) kept.push(messages[index] as ChatMessageLike);
  return {
    messages: kept,
    droppedMessages: messages.length - kept.length,
    estimatedTokens: total,
  };
}

/** System prompt, tools and every message, as `dropOldestTurns` counts them, without fitting. */
export function estimateWhole(
  input: Omit<DropOldestTurnsInput, 'contextTokens' | 'replyReserveTokens'>,
): number {
  const count = input.countTokens ?? estimateTokens;
  let total = fixedTokens(input, count);
  for (const message of input.messages) total += messageTokens(message, count);
  return total;
}

function fixedTokens(
  input: Pick<DropOldestTurnsInput, 'system' | 'summary' | 'toolsJson' | 'toolsTokens'>,
  count: (text: string) => number,
): number {
  return (
    MESSAGE_OVERHEAD_TOKENS +
    count(input.system) +
    (input.summary === undefined ? 0 : MESSAGE_OVERHEAD_TOKENS + count(input.summary)) +
    (input.toolsTokens ?? count(input.toolsJson))
  );
}

/**
 * Estimated counts, kept per message: a turn sends the same message objects round after round
 * (ollamaMessages.ts keeps them), so each is counted once rather than at every request, and a
 * message that changes is a new object, counted anew (bench: chat.loop_overhead_ms).
 */
const estimated = new WeakMap<ChatMessageLike, number>();

/** One message as dropOldestTurns counts it with the default estimate. */
export function estimateMessage(message: ChatMessageLike): number {
  return messageTokens(message, estimateTokens);
}

function messageTokens(message: ChatMessageLike, count: (text: string) => number): number {
  if (count !== estimateTokens) return countMessage(message, count);
  let tokens = estimated.get(message);
  if (tokens === undefined) {
    tokens = countMessage(message, count);
    estimated.set(message, tokens);
  }
  return tokens;
}

function countMessage(message: ChatMessageLike, count: (text: string) => number): number {
  let tokens = MESSAGE_OVERHEAD_TOKENS + count(message.content);
  if (message.thinking) tokens += count(message.thinking);
  if (message.tool_calls?.length) tokens += count(JSON.stringify(message.tool_calls));
  if (message.tool_name) tokens += count(message.tool_name);
  if (message.images?.length) tokens += IMAGE_TOKENS * message.images.length;
  return tokens;
}
