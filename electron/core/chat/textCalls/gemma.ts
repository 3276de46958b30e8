/**
 * Gemma. Gemma 3 has no tool tokens: Google's guide has it write Python calls in a ```tool_code
 * fence (read by pythonic.ts; index.ts takes the fence only when it ends the reply), at times in
 * Gemini's code-execution form, `print(default_api.get_weather(city="Paris"))`. Gemma 4
 * writes `<|tool_call>call:name{key:<|"|>text<|"|>,n:3}<tool_call|>` (Ollama
 * model/parsers/gemma4.go: strings between `<|"|>`, keys unquoted); FunctionGemma writes
 * `<start_function_call>call:name{key:<escape>text<escape>}<end_function_call>` (Ollama
 * model/parsers/functiongemma.go). Both become JSON (quoted strings; the repair quotes the keys).
 * Gemma 4 also falls back to Python's parentheses, `<|tool_call>call:name(city="Tokyo")`
 * (quoted in waybarrios/vllm-mlx pull 622; `key: "value"` pairs in NousResearch/hermes-agent
 * pull 7449), read as pythonic calls.
 */
import { pythonCalls } from './pythonic';
import { closingIndex } from './scan';
import type { Reader, WrittenCall } from './types';

const FORMS = [
  { open: '<|tool_call>', close: '<tool_call|>', quote: '<|"|>' },
  { open: '<start_function_call>', close: '<end_function_call>', quote: '<escape>' },
] as const;

/**
 * The calls of a ```tool_code fence, one per line, with Gemini's `print(…)` around a call and its
 * `default_api.` before the name taken off.
 */
export function toolCodeCalls(body: string): WrittenCall[] | undefined {
  const unwrapped = body.replace(/^([ \t]*)print\((.*)\)[ \t]*$/gm, '$1$2');
  return pythonCalls(unwrapped)?.map((call) => ({
    ...call,
    name: call.name.replace(/^default_api\./, ''),
  }));
}

export const readGemmaTokens: Reader = (text, masked) => {
  for (const form of FORMS) {
    const start = masked.indexOf(form.open);
    if (start === -1) continue;
    const calls: WrittenCall[] = [];
    let at = start;
    let end = start;
    while (at !== -1) {
      const body = /^\s*call:([\w.-]+)\s*/.exec(text.slice(at + form.open.length));
      if (!body) return undefined;
      const open = at + form.open.length + body[0].length;
      if (text[open] === '(') {
        const shut = closingIndex(text, open);
        const stop = shut === -1 ? text.length : shut + 1;
        const python = pythonCalls(`${body[1] ?? ''}${text.slice(open, stop)}`);
        if (!python) return undefined;
        calls.push(...python);
        const closeTag = text.indexOf(form.close, stop);
        end =
          closeTag !== -1 && text.slice(stop, closeTag).trim() === ''
            ? closeTag + form.close.length
            : stop;
        at = masked.indexOf(form.open, end);
        if (at !== -1 && text.slice(end, at).trim() !== '') break;
        continue;
      }
      const json = quoted(text.slice(open), form.quote);
      const close = json.text.startsWith('{') ? closingIndex(json.text, 0) : -1;
      const args = close === -1 ? json.text : json.text.slice(0, close + 1);
      calls.push({ name: body[1] ?? '', args });
      const after = open + (close === -1 ? text.length - open : json.sourceLength(close + 1));
      const closeTag = text.indexOf(form.close, after);
      end =
        closeTag !== -1 && text.slice(after, closeTag).trim() === ''
          ? closeTag + form.close.length
          : after;
      at = masked.indexOf(form.open, end);
      if (at !== -1 && text.slice(end, at).trim() !== '') break;
    }
    return { calls, start, end, marked: true };
  }
  return undefined;
};

/**
 * The text with strings between `quote` delimiters turned into JSON strings, and a way back from
 * a length in the new text to the length of the source it came from.
 */
function quoted(source: string, quote: string) {
  const pieces: { from: number; to: number; out: string }[] = [];
  let text = '';
  let at = 0;
  while (at < source.length) {
    const open = source.indexOf(quote, at);
    if (open === -1) break;
    const close = source.indexOf(quote, open + quote.length);
    if (close === -1) break;
    text += source.slice(at, open);
    const out = JSON.stringify(source.slice(open + quote.length, close));
    pieces.push({ from: text.length, to: text.length + out.length, out });
    text += out;
    at = close + quote.length;
  }
  text += source.slice(at);
  const sourceLength = (length: number) => {
    let shift = 0;
    for (const piece of pieces) {
      if (piece.from >= length) break;
      const original = JSON.parse(piece.out) as string;
      shift += original.length + 2 * quote.length - piece.out.length;
    }
    return length + shift;
  };
  return { text, sourceLength };
}
