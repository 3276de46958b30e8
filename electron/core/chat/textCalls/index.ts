/**
 * Tool calls a model wrote as text instead of as Ollama's `tool_calls`: the formats the model
 * families write, as the upstream parsers read them (each reader cites its sources). Hearth takes
 * a call only
 * - when the format's own markers are there (outside code examples) and the call ends the reply
 *   (words may come before it, as a line of intent), or the reply is nothing but the call (apart
 *   from thinking and whitespace): JSON inside prose is never a call;
 * - for a tool the request offered, by its model-facing name or a bare tool name no other
 *   offered tool shares (a call written without a name: the one offered tool its arguments fit);
 * - without markers, only with arguments that fit the tool's schema. With markers the model
 *   plainly meant a call, so arguments that do not fit go to the call's gates, which tell the
 *   model exactly what to fix.
 * Pure functions; a reply with no marker that does not start with `{`, `[`, a fence or a call
 * costs one anchored test and one scan for markers.
 */
import { coerceToSchema, repairedObject } from '../toolCall/argumentRepair';
import { checkArguments } from '../toolCall/toolArguments';
import { readApertus, readCommandR, readCommandRAction } from './commandR';
import { readDeepSeek } from './deepseek';
import { readFunctionary } from './functionary';
import { readGemmaTokens, toolCodeCalls } from './gemma';
import { readGranite } from './granite';
import { readHarmony } from './harmony';
import { readHermes } from './hermes';
import { readInternLM } from './internlm';
import { readInvoke } from './invoke';
import { readKimi } from './kimi';
import { readBareJson, readLlamaTagged } from './llama';
import { readMistral } from './mistral';
import { readPhi } from './phi';
import { readBarePythonic, readLlama4 } from './pythonic';
import {
  END_TOKENS,
  LEADING_THINKING,
  maskCode,
  onlyFence,
  withoutEndTokens,
  withoutThinking,
} from './scan';
import type { Found, OfferedTool, Reader, TextCall, TextCalls } from './types';
import { typedValues } from './xmlArguments';

export type { OfferedTool, TextCall, TextCalls } from './types';

/** Formats with markers of their own, tried in turn. */
const MARKED: readonly Reader[] = [
  readMistral,
  readLlamaTagged,
  readLlama4,
  readDeepSeek,
  readInvoke,
  readKimi,
  readGemmaTokens,
  readCommandR,
  readCommandRAction,
  readApertus,
  readHarmony,
  readInternLM,
  readFunctionary,
  readPhi,
  readGranite,
  readHermes,
];
/** Formats that are only a call when they are the whole reply. */
const WHOLE: readonly Reader[] = [readBareJson, readBarePythonic];

const MARKERS =
  /<tool_calls?>|<function=|\[TOOL_CALLS\]|<\|python_tag\|>|<\|python_start\|>|functools\[|tool[▁_ ]calls?[▁_ ]begin|<\|tool_call|<function_call>|<\|START_ACTION\|>|<\|message\|>|<start_function_call>|```tool_code|DSML|<minimax:tool_call>|<function_calls>|<function name="|<TOOLCALL>|<\|tools_prefix\|>|<\|tool_call_start\|>|^[ \t]*Action:[ \t]*```|>>>\w+\n|<\|action_start\|>/m;
// A call's first characters: JSON, a tag or fence, `name(` (pythonic) or `name` and a line that
// opens JSON (Functionary v3.2's first call).
const STARTS_LIKE_CALL = /^\s*(?:[{[`<]|[A-Za-z_][\w.-]*\s*\(|\w+\n\{)/;

/** Whether the reply could hold a call at all: the cheap test every reply goes through. */
export function mightHoldCall(content: string): boolean {
  return STARTS_LIKE_CALL.test(content) || MARKERS.test(content);
}

/** The calls written in `content`, when Hearth takes them (see above); else undefined. */
export function readTextCalls(
  content: string,
  tools: readonly OfferedTool[],
): TextCalls | undefined {
  if (tools.length === 0 || !mightHoldCall(content)) return undefined;
  // End-of-turn tokens after the call are blanked, so the call still ends the reply.
  const text = withoutEndTokens(withoutThinking(content));
  // A reply that is one fenced block and nothing else: the block is the reply.
  const fence = onlyFence(text);
  if (fence && !['', 'json', 'tool_code', 'tool_call', 'python', 'xml'].includes(fence.lang))
    return undefined;
  const inner = fence ? fence.body : text;
  const masked = fence ? inner : maskCode(inner);
  for (const reader of MARKED) {
    const found = reader(inner, masked);
    // A call ends the reply: words after it make it an example, not a call.
    if (found && !fence && !endsReply(inner.slice(found.end))) continue;
    const calls = found && takeCalls(found, tools);
    if (found && calls) return fence ? whole(content, calls) : around(content, found, calls);
  }
  for (const reader of WHOLE) {
    const found = reader(inner, masked);
    const calls = found && takeCalls(found, tools);
    if (calls) return whole(content, calls);
  }
  return fence && fence.lang !== 'tool_code' ? undefined : gemmaToolCode(content, text, tools);
}

/**
 * Gemma 3's ```tool_code fence, taken when it ends the reply (Gemma writes a line of intent, the
 * fence, and stops); a fence followed by more words is an example.
 */
function gemmaToolCode(content: string, text: string, tools: readonly OfferedTool[]) {
  const match = /```tool_code[ \t]*\n([\s\S]*?)\n?```\s*$/.exec(text);
  if (!match) return undefined;
  const written = toolCodeCalls(match[1] ?? '');
  const found: Found | undefined = written && {
    calls: written,
    start: match.index,
    end: text.length,
    marked: false,
  };
  const calls = found && takeCalls(found, tools);
  return found && calls ? around(content, found, calls) : undefined;
}

/** A wrapper's closing tag left after the calls (Seed-OSS's `</seed:tool_call>`). */
const CLOSING_WRAPPER = /^\s*<\/[\w:|-]*tool_calls?[\w|-]*>/;

function endsReply(after: string): boolean {
  return after.replace(CLOSING_WRAPPER, '').replace(END_TOKENS, '').trim() === '';
}

/** Each written call for an offered tool, or undefined when any of them is not one. */
function takeCalls(found: Found, tools: readonly OfferedTool[]): TextCall[] | undefined {
  const taken: TextCall[] = [];
  for (const call of found.calls) {
    if (call.name === '') {
      const fit = unnamedCall(call.args, tools);
      if (!fit) return undefined;
      taken.push(fit);
      continue;
    }
    const tool = offeredTool(call.name, tools);
    if (!tool) return undefined;
    const written =
      typeof call.args === 'string'
        ? call.args.trim() === ''
          ? {}
          : repairedObject(call.args)
        : call.args;
    // Values written between tags are text until the tool's schema says what each one is.
    const object =
      call.tagged && isObject(written) ? typedValues(tool.inputSchema, written) : written;
    const args = isObject(object) ? coerceToSchema(tool.inputSchema, object) : undefined;
    if (!found.marked && (!args || checkArguments(tool.inputSchema, args) !== undefined))
      return undefined;
    // Marked but unreadable: the gates tell the model its arguments are no JSON object.
    taken.push({ name: tool.modelName, arguments: args ?? String(call.args) });
  }
  return taken.length ? taken : undefined;
}

/**
 * A call written without a tool's name (Kimi's bare counter id): the one offered tool whose
 * schema its arguments fit, each argument one of the tool's properties; else none.
 */
function unnamedCall(args: unknown, tools: readonly OfferedTool[]): TextCall | undefined {
  const object = typeof args === 'string' ? repairedObject(args) : args;
  if (!isObject(object)) return undefined;
  const fitting = tools.flatMap((tool) => {
    const schema = isObject(tool.inputSchema) ? tool.inputSchema : {};
    const properties = isObject(schema.properties) ? schema.properties : {};
    if (Object.keys(object).some((key) => !(key in properties))) return [];
    const coerced = coerceToSchema(schema, object);
    return checkArguments(schema, coerced) === undefined
      ? [{ name: tool.modelName, arguments: coerced }]
      : [];
  });
  return fitting.length === 1 ? fitting[0] : undefined;
}

/** The offered tool a written name stands for: its model-facing name, or a unique bare name. */
function offeredTool(name: string, tools: readonly OfferedTool[]): OfferedTool | undefined {
  const plain = name.trim().replace(/^functions\./, '');
  const exact = tools.find((tool) => tool.modelName === plain);
  if (exact) return exact;
  const bare = tools.filter((tool) => tool.tool === plain);
  return bare.length === 1 ? bare[0] : undefined;
}

function around(content: string, found: Found, calls: TextCall[]): TextCalls {
  // A wrapper left around the calls (Seed-OSS's `<seed:tool_call>`) goes with them.
  const before = /<[\w:|-]*tool_calls?[\w|-]*>\s*$/.exec(content.slice(0, found.start));
  const after = CLOSING_WRAPPER.exec(content.slice(found.end));
  const start = before ? before.index : found.start;
  const end = found.end + (after ? after[0].length : 0);
  // The format's own header before the words (Functionary's `all`) is not shown either.
  const head = found.header
    ? `${content.slice(0, found.header.start)}${content.slice(found.header.end, start)}`
    : content.slice(0, start);
  const rest = `${head}${content.slice(end).replace(END_TOKENS, '')}`.trim();
  return { calls, content: rest, written: content.slice(start, end).trim() };
}

function whole(content: string, calls: TextCall[]): TextCalls {
  const thinking = LEADING_THINKING.exec(content)?.[0] ?? '';
  return {
    calls,
    content: thinking.trim(),
    written: content.slice(thinking.length).trim(),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export { callForArguments } from './unread';
