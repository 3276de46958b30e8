/**
 * Small scanners the readers share: code blanked out so markers inside examples are not read,
 * balanced brackets found the way JSON nests them, and thinking left out of the reply.
 */

/** The text with fenced blocks and inline code spans replaced by spaces (same length). */
export function maskCode(text: string): string {
  if (!text.includes('`')) return text;
  return text.replace(/```[\s\S]*?(?:```|$)|`[^`\n]*`/g, (code) => ' '.repeat(code.length));
}

/**
 * Where the bracket opened at `start` closes, skipping brackets inside JSON strings (double or
 * single quoted, as models write both); -1 when it never closes.
 */
export function closingIndex(text: string, start: number): number {
  const open = text[start];
  const close = open === '{' ? '}' : open === '[' ? ']' : open === '(' ? ')' : '';
  if (!close) return -1;
  let depth = 0;
  let quote = '';
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || (c === "'" && /[\s[{(:,=]/.test(text[i - 1] ?? ' '))) quote = c;
    else if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') {
      depth--;
      if (depth === 0) return c === close ? i : -1;
    }
  }
  return -1;
}

/**
 * Thinking some models write into the content (`<think>…</think>` of Qwen3 and DeepSeek-R1,
 * Seed-OSS's `<seed:think>…</seed:think>` (vLLM seed_oss_tool_parser.py, llama.cpp
 * common/chat-parsers/seed-oss.cpp), Command R7B's `<|START_THINKING|>…<|END_THINKING|>`, when
 * Ollama has no thinking parser for the model): blanked out, so a call after it is the whole
 * reply. A closing tag without its opening one (the template opened it) ends thinking that began
 * the reply. Thinking that never closed runs to the end of the reply, so it holds no call
 * (llama.cpp common/chat-parser-xml-toolcall.cpp skips a call that starts inside it).
 */
export function withoutThinking(text: string): string {
  if (!text.includes('think>') && !text.includes('THINKING|>')) return text;
  return text.replace(THINKING, (part) => ' '.repeat(part.length));
}

const THINKING =
  /<think>[\s\S]*?(?:<\/think>|$)|<seed:think>[\s\S]*?(?:<\/seed:think>|$)|^[\s\S]*?<\/(?:seed:)?think>|<\|START_THINKING\|>[\s\S]*?(?:<\|END_THINKING\|>|$)/g;

/** The thinking a reply starts with, when it starts with thinking that closed. */
export const LEADING_THINKING =
  /^\s*(?:<think>[\s\S]*?<\/think>|<seed:think>[\s\S]*?<\/seed:think>|<\|START_THINKING\|>[\s\S]*?<\|END_THINKING\|>)/;

/** The text of one fenced block when the reply is nothing else, with its language tag. */
export function onlyFence(text: string): { lang: string; body: string } | undefined {
  const match = /^```([\w-]*)[ \t]*\n([\s\S]*?)\n?```$/.exec(text.trim());
  if (!match || match[2]?.includes('```')) return undefined;
  return { lang: (match[1] ?? '').toLowerCase(), body: match[2] ?? '' };
}

/**
 * End-of-turn tokens a model may leave after its call when the template does not stop on them:
 * Llama 3 (`<|eot_id|>`, `<|eom_id|>`) and 4 (`<|eot|>`), Qwen (`<|im_end|>`, `<|endoftext|>`),
 * Phi and harmony (`<|end|>`, `<|return|>`), Mistral (`</s>`), DeepSeek, Gemma (`<end_of_turn>`,
 * `<eos>`), Granite (`<|end_of_text|>`) and Seed-OSS (`<seed:eos>`, llama.cpp
 * common/chat-parsers/seed-oss.cpp).
 */
export const END_TOKENS =
  /<\|eot_id\|>|<\|eom_id\|>|<\|eot\|>|<\|im_end\|>|<\|endoftext\|>|<\|end_of_text\|>|<\|end\|>|<\|return\|>|<\/s>|<[｜|]end[▁_ ]of[▁_ ]sentence[｜|]>|<end_of_turn>|<eos>|<seed:eos>/g;

const END_TOKEN_LAST = new RegExp(`(?:${END_TOKENS.source})$`);

/** The text with the end-of-turn tokens that end it blanked out (same length). */
export function withoutEndTokens(text: string): string {
  let end = text.length;
  for (;;) {
    while (end > 0 && /\s/.test(text[end - 1] ?? '')) end--;
    // The longest token is shorter than 32 characters: only the tail is looked at.
    const tail = text.slice(Math.max(0, end - 32), end);
    const token = END_TOKEN_LAST.exec(tail);
    if (!token) break;
    end -= token[0].length;
  }
  while (end < text.length && /\s/.test(text[end] ?? '')) end++;
  return end === text.length ? text : text.slice(0, end) + ' '.repeat(text.length - end);
}
