/**
 * Functionary v3.2: every message starts with its recipient on a line of its own, the generation
 * prompt having written the first `>>>`: `get_weather\n{"location": "Paris"}`, further calls each
 * after `>>>` (`…}>>>get_time\n{…}`), words to the user under the recipient `all`
 * (`all\nLet me check.>>>get_weather\n{…}`), and code for a `python` tool as it is
 * (`>>>python\nprint(1)`). As llama.cpp common/chat.cpp common_chat_parse_functionary_v3_2 reads
 * it: the reply must start with `all` or a call (its `>>>` may be written too, as the parser's
 * earlier `(?:>>>)?(\w+)\n` took it), a call's arguments are one JSON object, and `python`'s code
 * runs to the end. A first call without any `>>>` has no marker of its own, so it is a call only
 * when its arguments fit (index.ts); raw code is taken only after `>>>`.
 * Functionary v3.1 writes `<function=name>{…}</function>` (hermes.ts) and `<|python_tag|>` before
 * raw code (llama.ts).
 */
import { closingIndex } from './scan';
import type { Found, Reader, WrittenCall } from './types';

const HEAD = /(?:>>>)?(\w+)\n/y;

export const readFunctionary: Reader = (text, masked) => {
  const first = text.search(/\S/);
  if (first === -1) return undefined;
  let at = first;
  let header: Found['header'];
  if (text.startsWith('all\n', first)) {
    // Words first: the calls start at the first `>>>` after them.
    const next = />>>(?!all\n)\w+\n/g;
    next.lastIndex = first + 4;
    const found = next.exec(masked);
    if (!found) return undefined;
    header = { start: first, end: first + 4 };
    at = found.index;
  } else if (!/^(?:>>>)?\w+\n\{/.test(text.slice(first))) return undefined;
  const start = at;
  const calls: WrittenCall[] = [];
  let marked = header !== undefined;
  let end = at;
  while (at < text.length) {
    HEAD.lastIndex = at;
    const head = HEAD.exec(text);
    // Only the first call may stand without `>>>`.
    if (!head || (at !== start && !head[0].startsWith('>>>'))) break;
    if (head[0].startsWith('>>>')) marked = true;
    const name = head[1] ?? '';
    const open = at + head[0].length;
    if (text[open] !== '{') {
      const code = text.slice(open).trimEnd();
      if (name === 'python' && head[0].startsWith('>>>') && code.trim() !== '') {
        calls.push({ name, args: { code } });
        end = text.length;
      }
      break;
    }
    const close = closingIndex(text, open);
    // A call cut at the end (the model stopped before closing it) is repaired when it is last.
    const stop = close === -1 ? text.length : close + 1;
    calls.push({ name, args: text.slice(open, stop) });
    end = stop;
    const next = text.slice(stop).search(/\S/);
    if (next === -1 || !masked.startsWith('>>>', stop + next)) break;
    at = stop + next;
  }
  return calls.length ? { calls, start, end, marked, header } : undefined;
};
