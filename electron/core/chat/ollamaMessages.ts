/**
 * Saved messages in the shape Ollama's /api/chat takes: assistant tool calls by their model-facing
 * names with object arguments, tool results as `role: "tool"` with `tool_name`, user messages with
 * their attached resources (see attachments.ts).
 */
import type { Message } from 'ollama';
import type { StoredMessage } from '../history/types';
import { userMessageForModel } from './attachments';

export function toOllamaMessages(messages: readonly StoredMessage[], vision = false): Message[] {
  return messages
    .filter((message) => message.role !== 'system')
    .map((message) => {
      if (message.role === 'assistant') {
        return {
          role: 'assistant',
          content: message.content,
          ...(message.toolCalls?.length
            ? {
                tool_calls: message.toolCalls.map((call) => ({
                  function: { name: call.modelName, arguments: call.arguments },
                })),
              }
            : {}),
        };
      }
      if (message.role === 'tool')
        return {
          role: 'tool',
          content: message.content,
          ...(message.toolName ? { tool_name: message.toolName } : {}),
        };
      if (message.role === 'user') return userMessageForModel(message, vision);
      return { role: message.role, content: message.content };
    });
}
