/**
 * Arguments Ollama's own parser could not read, rescued: harmony's error (gpt-oss) carries the
 * raw arguments but not the tool's name (harmony/harmonyparser.go drops it before it fails), so
 * the call is taken only when the repaired arguments fit exactly one offered tool's schema.
 */
import { coerceToSchema, repairedObject } from '../toolCall/argumentRepair';
import { checkArguments } from '../toolCall/toolArguments';
import type { OfferedTool, TextCall } from './types';

export function callForArguments(raw: string, tools: readonly OfferedTool[]): TextCall | undefined {
  const object = repairedObject(raw);
  if (!object) return undefined;
  const fitting = tools.flatMap((tool) => {
    const args = coerceToSchema(tool.inputSchema, object);
    return checkArguments(tool.inputSchema, args) === undefined
      ? [{ name: tool.modelName, arguments: args }]
      : [];
  });
  return fitting.length === 1 ? fitting[0] : undefined;
}
