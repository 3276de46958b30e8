/**
 * Saves imported conversations, inside the store's one transaction for the whole import, each
 * as a new conversation: an import never writes into one the history has. One it already has
 * (the same source id, the same messages, or a Hearth export's conversation still here) is
 * counted and left alone.
 */
import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { optionsColumns } from '../conversationOptions';
import { messageParameters } from '../rows';
import { titleFrom } from '../titles';
import type { ImportedConversation } from './types';

export interface WriteResult {
  imported: number;
  alreadyThere: number;
  messages: number;
}

export function prepareImportWriter(database: DatabaseSync) {
  const prepare = (sql: string) => database.prepare(sql);
  const statements = {
    knownSource: prepare('SELECT 1 FROM conversation_sources WHERE source = ?'),
    knownId: prepare('SELECT 1 FROM conversations WHERE id = ?'),
    conversation: prepare(`INSERT INTO conversations
      (id, title, model, options, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?)`),
    message: prepare(`INSERT INTO messages (conversation_id, role, content, thinking,
        tool_calls, tool_call_id, tool_name, model, timings, attachments, request_facts,
        created_at, ending, parent_id, depth)
      VALUES ($conversation_id, $role, $content, $thinking, $tool_calls, $tool_call_id,
        $tool_name, $model, $timings, $attachments, $request_facts, $created_at, $ending,
        $parent_id, $depth)`),
    leaf: prepare('UPDATE conversations SET current_leaf = ? WHERE id = ?'),
    source: prepare('INSERT INTO conversation_sources (source, conversation_id) VALUES (?, ?)'),
  };

  const known = (conversation: ImportedConversation) =>
    conversation.sources.some(
      (source) =>
        statements.knownSource.get(source) !== undefined ||
        (source.startsWith('hearth:') &&
          statements.knownId.get(source.slice('hearth:'.length)) !== undefined),
    );

  const save = (conversation: ImportedConversation): number => {
    const id = randomUUID();
    const options = optionsColumns(conversation.options ?? {});
    const firstWords = conversation.messages.find(({ message }) => message.role === 'user');
    statements.conversation.run(
      id,
      conversation.title.trim() || titleFrom(firstWords?.message.content ?? ''),
      options.model,
      options.options,
      conversation.createdAt,
      conversation.updatedAt,
    );
    const saved = new Map<string, { id: number; depth: number }>();
    let last: number | null = null;
    for (const { key, parent, message } of conversation.messages) {
      const above = parent === null ? undefined : saved.get(parent);
      const depth = above ? above.depth + 1 : 0;
      const { lastInsertRowid } = statements.message.run({
        ...messageParameters(id, message, message.createdAt),
        ending: message.ending ? JSON.stringify(message.ending) : null,
        parent_id: above?.id ?? null,
        depth,
      });
      last = Number(lastInsertRowid);
      saved.set(key, { id: last, depth });
    }
    const current =
      conversation.current === undefined ? undefined : saved.get(conversation.current);
    statements.leaf.run(current?.id ?? last, id);
    for (const source of new Set(conversation.sources)) statements.source.run(source, id);
    return conversation.messages.length;
  };

  /** Call inside one transaction: a failure anywhere leaves nothing of the import. */
  return (conversations: readonly ImportedConversation[]): WriteResult => {
    const result: WriteResult = { imported: 0, alreadyThere: 0, messages: 0 };
    for (const conversation of conversations) {
      if (known(conversation)) {
        result.alreadyThere++;
        continue;
      }
      result.messages += save(conversation);
      result.imported++;
    }
    return result;
  };
}
