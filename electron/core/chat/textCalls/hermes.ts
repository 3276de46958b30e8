/**
 * Hermes and Qwen: `<tool_call>{"name": …, "arguments": …}</tool_call>`, one block per call
 * (vLLM hermes_tool_parser.py: `<tool_call>(.*?)</tool_call>|<tool_call>(.*)`, so a block the
 * model never closed counts too, here up to the next block's opening tag; Ollama
 * model/parsers/qwen3.go; llama.cpp common/chat.cpp common_chat_parse_hermes_2_pro, which also
 * takes `<function=name>{…}</function>`). Inside the block, the variants of the same family:
 * - Qwen3-Coder: `<function=name><parameter=key>value</parameter></function>`;
 * - GLM-4.5/4.6: `name` then `<arg_key>`/`<arg_value>` pairs (the block is GLM's own marker);
 * - Granite 3.1 and others: a JSON array of calls inside one block.
 * Jamba's and MiniMax's `<tool_calls>[…]</tool_calls>` (vLLM jamba_tool_parser.py,
 * minimax_tool_parser.py: one JSON call per line), Nemotron Nano's `<TOOLCALL>[…]</TOOLCALL>`
 * (llama.cpp common/chat.cpp common_chat_parse_nemotron_v2) and llama.cpp's Hermes variant
 * `<function name="…">{…}</function>` are read here too.
 */
import { jsonCallSequence } from './json';
import { argKeyTags, parameterTags } from './xmlArguments';
import type { Found, Reader, WrittenCall } from './types';

// A block ends at its closing tag, or (a closing tag the model left out) where the next opens.
const BLOCK = /<(tool_calls?|TOOLCALL)>([\s\S]*?)(?:<\/\1>|(?=<\1>)|$)/g;
const FUNCTION = /<function(?:=| name=")([^>\n"]+)"?>([\s\S]*?)(?:<\/function>|$)/g;

export const readHermes: Reader = (text, masked) => {
  if (masked.includes('<tool_call') || masked.includes('<TOOLCALL>'))
    return blocks(text, masked, BLOCK);
  if (masked.includes('<function=') || masked.includes('<function name="'))
    return blocks(text, masked, FUNCTION);
  return undefined;
};

function blocks(text: string, masked: string, pattern: RegExp): Found | undefined {
  const calls: WrittenCall[] = [];
  let start = -1;
  let end = -1;
  for (const match of masked.matchAll(pattern)) {
    const at = match.index;
    const whole = text.slice(at, at + match[0].length);
    const found = pattern === FUNCTION ? functionCall(whole) : blockCalls(whole);
    if (!found) return undefined;
    calls.push(...found);
    if (start === -1) start = at;
    end = at + match[0].length;
  }
  return calls.length ? { calls, start, end, marked: true } : undefined;
}

/** The calls of one `<tool_call>` block, whichever variant it holds. */
function blockCalls(block: string): WrittenCall[] | undefined {
  const body = block
    .replace(/^<(?:tool_calls?|TOOLCALL)>/, '')
    .replace(/<\/(?:tool_calls?|TOOLCALL)>$/, '')
    .trim();
  if (body.startsWith('<function')) return functionCall(body);
  const json = jsonCallSequence(body.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  if (json) return json;
  // GLM: the name on the first line, then its arguments as tags.
  const glm = /^([^\s<{[]+)\s*([\s\S]*)$/.exec(body);
  if (glm && (glm[2] === '' || glm[2]?.startsWith('<arg_key>')))
    return [{ name: glm[1] ?? '', args: argKeyTags(glm[2] ?? ''), tagged: true }];
  return undefined;
}

/** `<function=name>` with tag parameters (Qwen3-Coder) or a JSON object (llama.cpp's Hermes). */
function functionCall(text: string): WrittenCall[] | undefined {
  const match = /^<function(?:=| name=")([^>\n"]+)"?>([\s\S]*?)(?:<\/function>[\s\S]*)?$/.exec(
    text.trim(),
  );
  if (!match) return undefined;
  const name = (match[1] ?? '').trim();
  const body = (match[2] ?? '').trim();
  if (body.startsWith('{')) return [{ name, args: body }];
  return [{ name, args: parameterTags(body), tagged: true }];
}
