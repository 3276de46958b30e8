/**
 * What a turn's end said, kept on the last message the turn saved: a reply cut at the length
 * limit or left empty, a notice such as the loop limit, a failed turn's words. A reopened
 * conversation shows it again; a later turn's messages come after it, so only the latest
 * turn's ending is ever the conversation's last word.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { TurnEnding } from '../../../preload/schemas/chat';

/** Writes `ending` on message `messageId` of conversation `id`; false when there is no such message. */
export function writeTurnEnding(
  database: DatabaseSync,
  id: string,
  messageId: number,
  ending: TurnEnding,
): boolean {
  const result = database
    .prepare('UPDATE messages SET ending = ? WHERE id = ? AND conversation_id = ?')
    .run(JSON.stringify(ending), messageId, id);
  return Number(result.changes) > 0;
}
