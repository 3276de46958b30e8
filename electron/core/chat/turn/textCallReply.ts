/**
 * A reply whose tool calls the model wrote as text (textCalls/): read into calls when the model's
 * switch in Settings is on (it is unless the user turned it off), so they go through the same
 * gates as any call. The reply keeps the words around the call; the call keeps the text it was
 * read from, for its card and for history.
 */
import type { ToolCall } from 'ollama';
import type { ToolOffer } from '../offer/types';
import { callForArguments, readTextCalls, type OfferedTool, type TextCall } from '../textCalls';
import type { Reply, Turn } from './types';

/** Whether Hearth reads calls from this turn's model's text (Settings, per model; on unless off). */
export function readsTextCalls(turn: Turn): boolean {
  return turn.options.settings.readTextCalls?.[turn.options.model] !== false;
}

/** The reply with the calls written in its text, when it has no others. */
export function withTextCalls(turn: Turn, reply: Reply, offer: ToolOffer): Reply {
  if (reply.toolCalls.length > 0 || offer.tools.length === 0 || !readsTextCalls(turn)) return reply;
  const found = readSafely(() => readTextCalls(reply.content, offeredTools(offer)));
  if (!found) return reply;
  return {
    ...reply,
    content: found.content,
    toolCalls: found.calls.map(asToolCall),
    written: found.written,
  };
}

/** A call whose arguments Ollama could not read, when Hearth can repair them and name the tool. */
export function rescueUnread(turn: Turn, offer: ToolOffer, raw: string): ToolCall[] | undefined {
  if (!readsTextCalls(turn)) return undefined;
  const call = readSafely(() => callForArguments(raw, offeredTools(offer)));
  return call ? [asToolCall(call)] : undefined;
}

function offeredTools(offer: ToolOffer): OfferedTool[] {
  return offer.tools.map((tool) => ({
    modelName: tool.modelName,
    tool: tool.tool.name,
    inputSchema: tool.tool.inputSchema,
  }));
}

function asToolCall(call: TextCall): ToolCall {
  // A marked call whose arguments are no object keeps the text; the gates refuse it in words.
  return {
    function: { name: call.name, arguments: call.arguments as ToolCall['function']['arguments'] },
  };
}

/** Reading text never ends a turn: should a reader fail on some text, the reply stays text. */
function readSafely<T>(read: () => T | undefined): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
