/**
 * Mistral: `[TOOL_CALLS]` then the calls. Older tokenizers (Mistral 7B v0.3, Nemo, Small 3) write
 * a JSON array, `[TOOL_CALLS][{"name": …, "arguments": {…}, "id": "…"}]` (vLLM
 * mistral_tool_parser.py, llama.cpp common/chat.cpp common_chat_parse_mistral_nemo); newer ones
 * (v11 and later: Magistral, Devstral, Ministral 3) write `[TOOL_CALLS]name[ARGS]{…}` for each
 * call, sometimes with `[CALL_ID]id` before `[ARGS]` (vLLM mistral_tool_parser.py,
 * Ollama model/parsers/ministral.go), and Devstral at times `[TOOL_CALLS]name{…}` without
 * `[ARGS]` (quoted in raullenchai/Rapid-MLX issue 1071). Ollama's templates for the older ones
 * close the array with `[/TOOL_CALLS]` (Ollama tools/tools_test.go), which models copy.
 */
import { closingIndex } from './scan';
import { jsonCallSequence } from './json';
import type { Reader, WrittenCall } from './types';

const MARKER = '[TOOL_CALLS]';
const CLOSER = '[/TOOL_CALLS]';

export const readMistral: Reader = (text, masked) => {
  const start = masked.indexOf(MARKER);
  if (start === -1) return undefined;
  const calls: WrittenCall[] = [];
  let at = start;
  let end = start;
  while (at !== -1 && at < text.length) {
    const after = at + MARKER.length;
    const named = /^\s*([^\s[{"]+?)\s*(?:\[CALL_ID\]\s*[^[]*?\s*)?(?:\[ARGS\]\s*|(?=\{))/.exec(
      text.slice(after),
    );
    if (named) {
      const open = after + named[0].length;
      const close = text[open] === '{' ? closingIndex(text, open) : -1;
      const stop = close === -1 ? text.length - 1 : close;
      calls.push({ name: named[1] ?? '', args: text.slice(open, stop + 1) });
      end = stop + 1;
    } else {
      const next = masked.indexOf(MARKER, after);
      const close = masked.indexOf(CLOSER, after);
      const stop = close !== -1 && (next === -1 || close < next) ? close : next;
      const found = jsonCallSequence(text.slice(0, stop === -1 ? text.length : stop), after);
      if (!found) return undefined;
      calls.push(...found);
      end = stop === -1 ? text.length : stop === close ? close + CLOSER.length : stop;
    }
    at = masked.indexOf(MARKER, end);
    // Only markers right after the last call continue the calls; words after it end them.
    if (at !== -1 && text.slice(end, at).trim() !== '') break;
  }
  return calls.length ? { calls, start, end, marked: true } : undefined;
};
