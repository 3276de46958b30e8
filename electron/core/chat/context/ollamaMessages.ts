/**
 * Saved messages in the shape Ollama's /api/chat takes: assistant tool calls by their model-facing
 * names with object arguments, tool results as `role: "tool"` with `tool_name`, user messages with
 * their attached resources (see attachments.ts).
 */
import type { Message } from 'ollama';
import type { StoredMessage } from '../../history';
import { userMessageForModel, type FileImages } from './attachments';
import { toolImagesForModel } from '../toolCall/toolImages';
import { unansweredResult } from '../toolCall/unansweredCalls';

/**
 * What Ollama's api.Message and api.ToolCall carry beyond the `ollama` client's types: the call's
 * `id` and the result's `tool_call_id` (ollama/ollama api/types.go). Templates that pair parallel
 * calls of the same tool with their results read them.
 */
type WireMessage = Message & { tool_call_id?: string };

/**
 * The wire form of each saved message, kept with it: a turn sends the same messages round after
 * round, and the same objects let their token counts be kept too (dropOldestTurns.ts), so a
 * round converts and counts only what is new (bench: chat.loop_overhead_ms).
 */
const converted = new WeakMap<
  StoredMessage,
  { vision: boolean; modelCallId: string | undefined; wire: WireMessage }
>();

export function toOllamaMessages(
  messages: readonly StoredMessage[],
  vision = false,
  files?: FileImages,
): WireMessage[] {
  const modelCallIds = new Map<string, string>();
  for (const message of messages)
    if (message.toolCalls)
      for (const call of message.toolCalls)
        if (call.modelCallId) modelCallIds.set(call.id, call.modelCallId);
  const wire: WireMessage[] = [];
  for (const message of withEveryCallAnswered(messages)) {
    if (message.role === 'system') continue;
    const modelCallId =
      message.role === 'tool' && message.toolCallId
        ? modelCallIds.get(message.toolCallId)
        : undefined;
    const known = converted.get(message);
    if (known?.vision === vision && known.modelCallId === modelCallId) {
      wire.push(known.wire);
      continue;
    }
    const made = wireMessage(message, vision, modelCallId, files);
    converted.set(message, { vision, modelCallId, wire: made });
    wire.push(made);
  }
  return wire;
}

function wireMessage(
  message: StoredMessage,
  vision: boolean,
  modelCallId: string | undefined,
  files: FileImages | undefined,
): WireMessage {
  if (message.role === 'assistant') {
    return {
      role: 'assistant',
      content: message.content,
      ...(message.toolCalls?.length
        ? {
            tool_calls: message.toolCalls.map((call) => ({
              ...(call.modelCallId ? { id: call.modelCallId } : {}),
              function: { name: call.modelName, arguments: call.arguments },
            })),
          }
        : {}),
    };
  }
  if (message.role === 'tool') {
    return {
      role: 'tool',
      content: message.content,
      // A vision model sees the result's images again, on the tool message (toolImages.ts).
      ...toolImagesForModel(message, vision),
      ...(message.toolName ? { tool_name: message.toolName } : {}),
      ...(modelCallId ? { tool_call_id: modelCallId } : {}),
    };
  }
  if (message.role === 'user') return userMessageForModel(message, vision, files);
  return { role: message.role, content: message.content };
}

/**
 * Each assistant message's calls followed by their results, in the order of the calls, wherever
 * the results were saved; a call without one gets the result saying Hearth never ran it (see
 * unansweredCalls.ts). Ollama pairs results with calls by position, and a call left unanswered
 * confuses the model about what happened.
 */
function withEveryCallAnswered(messages: readonly StoredMessage[]): readonly StoredMessage[] {
  const results = new Map<string, StoredMessage>();
  for (const message of messages)
    if (message.role === 'tool' && message.toolCallId) results.set(message.toolCallId, message);
  const placed = new Set<StoredMessage>();
  const ordered: StoredMessage[] = [];
  for (const message of messages) {
    if (placed.has(message)) continue;
    ordered.push(message);
    for (const call of message.role === 'assistant' ? (message.toolCalls ?? []) : []) {
      const result = results.get(call.id);
      if (result && !placed.has(result)) {
        placed.add(result);
        ordered.push(result);
      } else if (!result) {
        ordered.push({ ...unansweredResult(call), id: -1, createdAt: message.createdAt });
      }
    }
  }
  return ordered;
}
