/**
 * Calls as `invoke` elements with named parameters:
 * - DeepSeek V3.2 and later (DSML): `<｜DSML｜function_calls><｜DSML｜invoke name="get_weather">
 *   <｜DSML｜parameter name="location" string="true">Paris</｜DSML｜parameter></｜DSML｜invoke>
 *   </｜DSML｜function_calls>` (vLLM deepseekv32_tool_parser.py; `string="true"` marks text,
 *   else the value is JSON);
 * - MiniMax-M2: `<minimax:tool_call><invoke name="…"><parameter name="…">…</parameter></invoke>
 *   </minimax:tool_call>` (vLLM minimax_m2_tool_parser.py), each value text that the tool's
 *   schema types (xmlArguments.ts `typedValues`, as `_convert_param_value` there does).
 */
import { jsonOrText } from './xmlArguments';
import type { Reader, WrittenCall } from './types';

const OPENERS = /<[｜|]DSML[｜|]function_calls>|<minimax:tool_call>|<function_calls>/;
const INVOKE =
  /<(?:[｜|]DSML[｜|])?invoke\s+name="([^"]+)"\s*>([\s\S]*?)(?:<\/(?:[｜|]DSML[｜|])?invoke>|$)/g;
const PARAMETER =
  /<(?:[｜|]DSML[｜|])?parameter\s+name="([^"]+)"(?:\s+string="(true|false)")?\s*>([\s\S]*?)<\/(?:[｜|]DSML[｜|])?parameter>/g;
const CLOSERS = /<\/[｜|]DSML[｜|]function_calls>|<\/minimax:tool_call>|<\/function_calls>/g;

export const readInvoke: Reader = (text, masked) => {
  const opener = OPENERS.exec(masked);
  if (!opener) return undefined;
  const start = opener.index;
  const calls: WrittenCall[] = [];
  let end = start;
  for (const match of text.slice(start).matchAll(INVOKE)) {
    const args: Record<string, unknown> = {};
    let tagged = false;
    for (const parameter of (match[2] ?? '').matchAll(PARAMETER)) {
      const raw = parameter[3] ?? '';
      // DSML says which values are text; MiniMax leaves it to the schema (index.ts), its value
      // stripped first (vLLM minimax_m2_tool_parser.py `_parse_single_invoke`).
      if (parameter[2] === undefined) tagged = true;
      args[parameter[1] ?? ''] =
        parameter[2] === 'true' ? raw : parameter[2] === 'false' ? jsonOrText(raw) : raw.trim();
    }
    calls.push({ name: match[1] ?? '', args, tagged });
    end = start + match.index + match[0].length;
  }
  if (!calls.length) return undefined;
  CLOSERS.lastIndex = end;
  const closing = CLOSERS.exec(text);
  if (closing && text.slice(end, closing.index).trim() === '')
    end = closing.index + closing[0].length;
  return { calls, start, end, marked: true };
};
