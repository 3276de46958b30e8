/** A conversation of Hearth's own export (hearthFormat.ts) in the shape an import saves. */
import { contentHash } from './chatgptFormat';
import { exportedConversationSchema } from './hearthFormat';
import type { ImportedConversation, ImportedMessage } from './types';

/** The conversation, or why it cannot be imported (in words for the summary). */
export function fromHearth(value: unknown): ImportedConversation | { problem: string } {
  const parsed = exportedConversationSchema.safeParse(value);
  if (!parsed.success) return { problem: 'not in the shape Hearth exports conversations in' };
  const conversation = parsed.data;
  const seen = new Set<number>();
  const messages: ImportedMessage[] = [];
  for (const { id, parent, ...message } of conversation.messages) {
    if (seen.has(id) || (parent !== null && !seen.has(parent)))
      return { problem: 'a message that follows one not listed before it' };
    seen.add(id);
    messages.push({ key: String(id), parent: parent === null ? null : String(parent), message });
  }
  const current = conversation.currentMessage;
  return {
    sources: [`hearth:${conversation.id}`, contentHash(messages)],
    title: conversation.title,
    ...(conversation.options ? { options: conversation.options } : {}),
    createdAt: conversation.createdAt,
    updatedAt: conversation.updatedAt,
    messages,
    ...(current !== undefined && seen.has(current) ? { current: String(current) } : {}),
  };
}
