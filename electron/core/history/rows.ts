/**
 * Between database rows and stored shapes. Optional fields are NULL in the database and absent
 * (never `undefined`-valued keys) in what the store returns, so results compare cleanly.
 */
import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';
import type { RequestFacts, TurnEnding } from '../../../preload/schemas/chat';
import type { Attachment } from '../../../preload/schemas/content';
import type {
  ConversationSummary,
  MessageRole,
  MessageTimings,
  NewMessage,
  StoredMessage,
  StoredToolCall,
} from './types';

type Row = Record<string, SQLOutputValue>;

function text(row: Row, column: string): string {
  const value = row[column];
  return value === null || value === undefined ? '' : String(value);
}

function optionalText(row: Row, column: string): string | undefined {
  const value = row[column];
  return value === null || value === undefined ? undefined : String(value);
}

// A JSON column that does not parse (written by hand, say) loses that field, not the message.
function optionalJson<T>(row: Row, column: string): T | undefined {
  const value = optionalText(row, column);
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value) as T;
  } catch {
    return undefined;
  }
}

/** Drops keys whose value is `undefined`. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

/** A `messages` row as the message it stores. */
export function messageFromRow(row: Row): StoredMessage {
  return compact<StoredMessage>({
    id: Number(row.id),
    // The table's CHECK constraint admits only the four roles.
    role: text(row, 'role') as MessageRole,
    content: text(row, 'content'),
    thinking: optionalText(row, 'thinking'),
    toolCalls: optionalJson<StoredToolCall[]>(row, 'tool_calls'),
    toolCallId: optionalText(row, 'tool_call_id'),
    toolName: optionalText(row, 'tool_name'),
    model: optionalText(row, 'model'),
    attachments: optionalJson<Attachment[]>(row, 'attachments'),
    request: optionalJson<RequestFacts>(row, 'request_facts'),
    timings: optionalJson<MessageTimings>(row, 'timings'),
    ending: optionalJson<TurnEnding>(row, 'ending'),
    createdAt: text(row, 'created_at'),
  });
}

/** Text columns a message row holds besides its ids, for what the row weighs in memory. */
const TEXT_COLUMNS = [
  'content',
  'thinking',
  'tool_calls',
  'attachments',
  'request_facts',
  'timings',
  'ending',
] as const;

/** About what a message row (or its insert parameters) holds, in characters. */
export function rowCharacters(row: Record<string, SQLOutputValue | SQLInputValue>): number {
  let characters = 0;
  for (const column of TEXT_COLUMNS) {
    const value = row[column];
    if (typeof value === 'string') characters += value.length;
  }
  return characters;
}

/** The named parameters that insert `message` into `conversationId`. */
export function messageParameters(
  conversationId: string,
  message: NewMessage,
  createdAt: string,
): Record<string, SQLInputValue> {
  return {
    conversation_id: conversationId,
    role: message.role,
    content: message.content,
    thinking: message.thinking ?? null,
    tool_calls: message.toolCalls === undefined ? null : JSON.stringify(message.toolCalls),
    tool_call_id: message.toolCallId ?? null,
    tool_name: message.toolName ?? null,
    model: message.model ?? null,
    timings: message.timings === undefined ? null : JSON.stringify(message.timings),
    attachments: message.attachments?.length ? JSON.stringify(message.attachments) : null,
    request_facts: message.request ? JSON.stringify(message.request) : null,
    created_at: message.createdAt ?? createdAt,
  };
}

/** A `conversations` row (with its `message_count`) as a list entry. */
export function summaryFromRow(row: Row): ConversationSummary {
  return compact<ConversationSummary>({
    id: text(row, 'id'),
    title: text(row, 'title'),
    model: optionalText(row, 'model'),
    createdAt: text(row, 'created_at'),
    updatedAt: text(row, 'updated_at'),
    messageCount: Number(row.message_count ?? 0),
  });
}
