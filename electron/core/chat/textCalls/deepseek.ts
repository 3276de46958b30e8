/**
 * DeepSeek V3 and R1: calls between `<｜tool▁calls▁begin｜>` and `<｜tool▁calls▁end｜>`, each
 * `<｜tool▁call▁begin｜>function<｜tool▁sep｜>name\n```json\n{…}\n```<｜tool▁call▁end｜>` (vLLM
 * deepseekv3_tool_parser.py; llama.cpp common/chat.cpp common_chat_parse_deepseek_r1). V3.1 and
 * later drop the type and the fence: `<｜tool▁call▁begin｜>name<｜tool▁sep｜>{…}<｜tool▁call▁end｜>`
 * (vLLM deepseekv31_tool_parser.py, Ollama model/parsers/deepseek3.go). Quantised builds and
 * templates also spell the tokens with ASCII `|` and `_`; both spellings are read.
 */
import type { Reader, WrittenCall } from './types';

// ｜ (U+FF5C) or |, ▁ (U+2581) or _ (escaped as \_ by some templates) or a space; llama.cpp's
// common_chat_parse_deepseek_r1 takes these spellings and `<｜tool▁calls｜>` for R1 distills.
const BAR = '[｜|]';
const SEP = '(?:[▁_ ]|\\\\_)';
const token = (words: string) => `<${BAR}${words.split(' ').join(SEP)}${BAR}>`;
const CALLS_BEGIN = new RegExp(
  `${token('tool calls begin')}|${token('tool call begin')}|${token('tool calls')}`,
);
const CALL = new RegExp(
  `${token('tool call begin')}([\\s\\S]*?)${token('tool sep')}([\\s\\S]*?)(?:${token('tool call end')}|${token('tool calls end')}|$)`,
  'g',
);
const END = new RegExp(`${token('tool calls end')}|${token('end of sentence')}`, 'g');

export const readDeepSeek: Reader = (text, masked) => {
  const begin = CALLS_BEGIN.exec(masked);
  if (!begin) return undefined;
  const start = begin.index;
  const calls: WrittenCall[] = [];
  let end = start;
  for (const match of text.slice(start).matchAll(CALL)) {
    const before = (match[1] ?? '').trim();
    const after = match[2] ?? '';
    // V3/R1: `function` before the separator, the name and a fenced JSON after it.
    const fenced = /^([^\n`]+?)\s*\n?```(?:json)?\s*([\s\S]*?)\s*(?:```|$)/.exec(after.trim());
    if (fenced && (before === 'function' || before === ''))
      calls.push({ name: (fenced[1] ?? '').trim(), args: fenced[2] ?? '' });
    else calls.push({ name: before, args: after.trim() });
    end = start + match.index + match[0].length;
  }
  if (!calls.length) return undefined;
  END.lastIndex = end;
  const closing = END.exec(text);
  if (closing && text.slice(end, closing.index).trim() === '')
    end = closing.index + closing[0].length;
  return { calls, start, end, marked: true };
};
