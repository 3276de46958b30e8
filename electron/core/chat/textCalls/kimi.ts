/**
 * Kimi K2: `<|tool_calls_section_begin|><|tool_call_begin|>functions.name:0
 * <|tool_call_argument_begin|>{…}<|tool_call_end|><|tool_calls_section_end|>`; the name is the
 * id's part before `:` and after the last `.` (vLLM kimi_k2_tool_parser.py; llama.cpp
 * common/chat-parsers/kimi-k2.cpp). An id that is a bare counter, `0`, names no tool: vLLM
 * takes the one tool whose schema the arguments fit (kimi_k2_tool_parser.py, its tests'
 * test_bare_counter), and so does index.ts for a call written without a name.
 */
import type { Reader, WrittenCall } from './types';

const CALL =
  /<\|tool_call_begin\|>\s*((?:[^<]+?:)?\d+)\s*<\|tool_call_argument_begin\|>\s*([\s\S]*?)\s*(?:<\|tool_call_end\|>|$)/g;

export const readKimi: Reader = (text, masked) => {
  const start = masked.indexOf('<|tool_calls_section_begin|>');
  const first = start === -1 ? masked.indexOf('<|tool_call_begin|>') : start;
  if (first === -1) return undefined;
  const calls: WrittenCall[] = [];
  let end = first;
  for (const match of text.slice(first).matchAll(CALL)) {
    const id = match[1] ?? '';
    const name = id.includes(':') ? (id.split(':')[0]?.split('.').pop() ?? '') : '';
    calls.push({ name, args: match[2] ?? '' });
    end = first + match.index + match[0].length;
  }
  if (!calls.length) return undefined;
  const close = text.indexOf('<|tool_calls_section_end|>', end);
  if (close !== -1 && text.slice(end, close).trim() === '')
    end = close + '<|tool_calls_section_end|>'.length;
  return { calls, start: first, end, marked: true };
};
