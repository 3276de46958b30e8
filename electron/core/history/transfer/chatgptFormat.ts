/**
 * A conversation of ChatGPT's data export (`conversations.json`: a list of conversations) in the
 * history's shape. Each conversation is a tree: `mapping` holds its nodes by id, each with its
 * `parent`, `children` and a `message` (or null for the root), `current_node` the last message of
 * the branch shown. A message has `author.role`, `content` (`content_type` with `parts`, or `text`
 * for code) and `create_time` in seconds. Only what a person wrote and the replies are kept:
 * ChatGPT's system and hidden messages, its own tools' output and its pictures (files outside
 * conversations.json) are left out and counted; a left-out message's children follow its parent.
 */
import { createHash } from 'node:crypto';
import type { ImportedConversation, ImportedMessage } from './types';

interface Node {
  id?: unknown;
  parent?: unknown;
  message?: {
    author?: { role?: unknown };
    content?: { content_type?: unknown; parts?: unknown; text?: unknown };
    create_time?: unknown;
    metadata?: { is_visually_hidden_from_conversation?: unknown; model_slug?: unknown };
  } | null;
}

/** Why a message was left out, counted by reason. */
export type Leftovers = Map<string, number>;

export function isChatGptConversation(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { mapping?: unknown }).mapping === 'object'
  );
}

export function fromChatGpt(value: Record<string, unknown>, left: Leftovers): ImportedConversation {
  const mapping = value.mapping as Record<string, Node>;
  const kept = new Map<string, ImportedMessage>();
  /** Each node's nearest kept ancestor (or itself): where its children hang. */
  const place = new Map<string, string | null>();
  const placeOf = (id: unknown): string | null => {
    if (typeof id !== 'string' || !Object.hasOwn(mapping, id)) return null;
    const known = place.get(id);
    if (known !== undefined) return known;
    // Set before the parents are looked at, so a file whose parents loop ends the walk.
    place.set(id, null);
    const node = mapping[id] as Node;
    const message = keptMessage(node, left);
    const parent = placeOf(node.parent);
    place.set(id, message ? id : parent);
    if (message) kept.set(id, { key: id, parent, message });
    return message ? id : parent;
  };
  for (const id of Object.keys(mapping)) placeOf(id);
  const messages = parentsFirst([...kept.values()]);
  const current = placeOf(value.current_node);
  const createdAt = isoTime(value.create_time) ?? messages[0]?.message.createdAt ?? epoch;
  const sourceId = typeof value.conversation_id === 'string' ? value.conversation_id : value.id;
  return {
    sources: [
      ...(typeof sourceId === 'string' ? [`chatgpt:${sourceId}`] : []),
      contentHash(messages),
    ],
    title: typeof value.title === 'string' ? value.title.slice(0, 200) : '',
    createdAt,
    updatedAt: isoTime(value.update_time) ?? createdAt,
    messages,
    ...(current ? { current } : {}),
  };
}

const epoch = new Date(0).toISOString();

function keptMessage(node: Node, left: Leftovers): ImportedMessage['message'] | undefined {
  const message = node.message;
  if (!message) return undefined;
  const role = message.author?.role;
  const count = (reason: string) => void left.set(reason, (left.get(reason) ?? 0) + 1);
  if (role !== 'user' && role !== 'assistant') {
    if (role === 'tool') count('output of ChatGPT’s own tools (browsing, code, pictures)');
    return undefined;
  }
  if (message.metadata?.is_visually_hidden_from_conversation === true) return undefined;
  const parts = Array.isArray(message.content?.parts) ? message.content.parts : [];
  const text = parts.filter((part): part is string => typeof part === 'string');
  if (text.length < parts.length)
    count('pictures and files, which conversations.json does not hold');
  const content =
    typeof message.content?.text === 'string' ? message.content.text : text.join('\n\n');
  if (content.trim() === '') return undefined;
  const model = message.metadata?.model_slug;
  return {
    role,
    content,
    ...(role === 'assistant' && typeof model === 'string' ? { model: model.slice(0, 256) } : {}),
    createdAt: isoTime(message.create_time) ?? epoch,
  };
}

/** Messages ordered so each comes after its parent (a node may be listed before its parent). */
function parentsFirst(messages: ImportedMessage[]): ImportedMessage[] {
  const byKey = new Map(messages.map((message) => [message.key, message]));
  const ordered: ImportedMessage[] = [];
  const done = new Set<string>();
  for (const message of messages) {
    const chain: ImportedMessage[] = [];
    for (let at: ImportedMessage | undefined = message; at && !done.has(at.key);) {
      chain.push(at);
      done.add(at.key);
      at = at.parent === null ? undefined : byKey.get(at.parent);
    }
    ordered.push(...chain.reverse());
  }
  return ordered;
}

function isoTime(seconds: unknown): string | undefined {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return undefined;
  const date = new Date(seconds * 1_000);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The same messages in the same tree give the same hash, whichever file they came from and in
 * whatever order it lists them: each message is hashed with the hash of its parent, and the
 * conversation's hash is of those, sorted. `messages` come parents first.
 */
export function contentHash(messages: readonly ImportedMessage[]): string {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const hashes = new Map<string, string>();
  for (const { key, parent, message } of messages)
    hashes.set(
      key,
      sha256(
        JSON.stringify([
          parent === null ? null : hashes.get(parent),
          message.role,
          message.content,
        ]),
      ),
    );
  return `sha256:${sha256([...hashes.values()].sort().join(','))}`;
}
