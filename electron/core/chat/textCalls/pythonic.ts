/**
 * Calls written as Python: `[get_weather(city="Paris"), get_time(zone="CET")]`, keyword
 * arguments with Python literals (vLLM pythonic_tool_parser.py, which reads the list with
 * Python's `ast`; Llama 3.2 1B/3B and Llama 4 write it, Llama 4 between `<|python_start|>` and
 * `<|python_end|>` (vLLM llama4_pythonic_tool_parser.py)). Gemma 3 writes the same calls in a
 * ```tool_code fence (Google's function-calling guide for Gemma; a fence of its own is Gemma's
 * marker, read in index.ts). Values go through `parseLoose`, whose repair reads Python's quotes
 * and None/True/False.
 */
import { parseLoose } from './json';
import type { Reader, WrittenCall } from './types';

const CALL = /^([A-Za-z_][\w.-]*)\s*\(([\s\S]*)\)$/;

/** The calls of a Python list of calls, or of calls one per line; undefined if anything else. */
export function pythonCalls(source: string): WrittenCall[] | undefined {
  let text = source.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1).trim();
  if (text === '') return undefined;
  const parts = splitTopLevel(text, /[,\n;]/);
  if (!parts) return undefined;
  const calls: WrittenCall[] = [];
  for (const part of parts) {
    if (part.trim() === '') continue;
    const call = pythonCall(part.trim());
    if (!call) return undefined;
    calls.push(call);
  }
  return calls.length ? calls : undefined;
}

function pythonCall(text: string): WrittenCall | undefined {
  const match = CALL.exec(text);
  if (!match) return undefined;
  const args: Record<string, unknown> = {};
  const inner = (match[2] ?? '').trim();
  const parts = inner === '' ? [] : splitTopLevel(inner, /,/);
  if (!parts) return undefined;
  for (const part of parts) {
    if (part.trim() === '') continue;
    // `key=value`, or `key: value` as Gemma 4 writes it at times.
    const pair = /^\s*([A-Za-z_]\w*)\s*[=:]\s*([\s\S]+?)\s*$/.exec(part);
    // A positional argument names no parameter: not a call Hearth can take.
    if (!pair) return undefined;
    const value = pythonValue(pair[2] ?? '');
    if (value === undefined) return undefined;
    args[pair[1] ?? ''] = value;
  }
  return { name: match[1] ?? '', args };
}

/**
 * A Python literal: a triple-quoted string (models write code and long text that way, and JSON
 * has no such string), else what `parseLoose` reads.
 */
function pythonValue(source: string): unknown {
  const triple = /^("""|''')([\s\S]*)\1$/.exec(source);
  if (!triple) return parseLoose(source);
  return (triple[2] ?? '').replace(/\\(["'\\nt])/g, (_, c: string) =>
    c === 'n' ? '\n' : c === 't' ? '\t' : c,
  );
}

/** `text` split at separators outside brackets and quotes; undefined when brackets do not pair. */
function splitTopLevel(text: string, separator: RegExp): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? '';
    if (quote) {
      if (c === '\\') i++;
      else if (text.startsWith(quote, i)) {
        i += quote.length - 1;
        quote = '';
      }
      continue;
    }
    if (text.startsWith('"""', i) || text.startsWith("'''", i)) {
      quote = text.slice(i, i + 3);
      i += 2;
    } else if (c === '"' || c === "'") quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      depth--;
      if (depth < 0) return undefined;
    } else if (depth === 0 && separator.test(c)) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  if (depth !== 0 || quote) return undefined;
  parts.push(text.slice(from));
  return parts;
}

/**
 * Pythonic calls between tokens of their own: Llama 4's `<|python_start|>…<|python_end|>`,
 * LFM2's `<|tool_call_start|>[…]<|tool_call_end|>` (llama.cpp common/chat-parsers/lfm2.cpp,
 * Ollama model/parsers/lfm2.go) and OLMo 3's `<function_calls>f(a=1)\ng(b=2)</function_calls>`,
 * one call per line (Ollama model/parsers/olmo3.go, vLLM olmo3_tool_parser.py); a
 * `<function_calls>` of invoke elements is left to invoke.ts.
 */
export const readLlama4: Reader = (text, masked) => {
  for (const [opener, closer] of [
    ['<|python_start|>', '<|python_end|>'],
    ['<|tool_call_start|>', '<|tool_call_end|>'],
    ['<function_calls>', '</function_calls>'],
  ] as const) {
    const start = masked.indexOf(opener);
    if (start === -1) continue;
    const close = masked.indexOf(closer, start);
    const end = close === -1 ? text.length : close + closer.length;
    const calls = pythonCalls(text.slice(start + opener.length, close === -1 ? undefined : close));
    if (calls) return { calls, start, end, marked: true };
    if (opener !== '<function_calls>') return undefined;
  }
  return undefined;
};

/** The whole reply as Python calls: `[f(a=1)]`, or a bare `f(a=1)`. */
export const readBarePythonic: Reader = (text) => {
  const trimmed = text.trim();
  if (!/^\[?\s*[A-Za-z_][\w.-]*\s*\(/.test(trimmed)) return undefined;
  const calls = pythonCalls(trimmed);
  return calls ? { calls, start: 0, end: text.length, marked: false } : undefined;
};
