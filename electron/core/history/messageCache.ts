/**
 * The messages of the conversations read last, as the store returned them. Every message sent
 * continues a conversation, and a turn needs all of it (to size the context and pair calls with
 * results): without this, each send parsed every row of the conversation again, which grows with
 * it (bench: chat.loop_overhead_ms). The store is the database's only writer in this process and
 * keeps these in step with each write it commits; a commit by any other connection (seen through
 * SQLite's `data_version`) empties the cache.
 *
 * The same message objects are handed out again and again, so they are frozen: the chat keeps
 * per-object work (wire form, token counts) in WeakMaps, and a changed message must be a new
 * object.
 */
import type { StoredMessage } from './types';

/** Conversations kept: the one in use and the few the user switches between. */
export const CACHED_CONVERSATIONS = 4;
/**
 * Characters kept across them (content, thinking, and the JSON of calls and attachments), so a
 * few huge conversations cannot hold much memory: one above it is read from the database each
 * time, as before.
 */
export const CACHED_CHARACTERS = 16 * 1024 * 1024;

/** A message with about what it holds in memory, in characters (see `rowCharacters`). */
export interface SizedMessage {
  message: StoredMessage;
  characters: number;
}

export interface MessageCache {
  /** The conversation's messages, oldest first; undefined when they are not kept. */
  get(id: string): readonly StoredMessage[] | undefined;
  /** Keeps the conversation whole, oldest first; returns its messages, frozen. */
  set(id: string, messages: readonly SizedMessage[]): readonly StoredMessage[];
  /** Messages saved after the last one; returns them frozen. */
  appended(id: string, messages: readonly SizedMessage[]): StoredMessage[];
  /** A message that changed: `read` gives it as it now reads (called only when it is kept). */
  replaced(id: string, messageId: number, read: () => SizedMessage | undefined): void;
  /** The branch now ends just before `messageId`: it and what follows leave it. */
  truncated(id: string, messageId: number): void;
  forget(id: string): void;
  clear(): void;
}

interface Entry {
  messages: StoredMessage[];
  /** Each message's characters, by index. */
  sizes: number[];
  characters: number;
}

export function createMessageCache(
  limits: { conversations: number; characters: number } = {
    conversations: CACHED_CONVERSATIONS,
    characters: CACHED_CHARACTERS,
  },
): MessageCache {
  /** Least recently used first (a Map keeps insertion order). */
  const kept = new Map<string, Entry>();
  let total = 0;

  const forget = (id: string) => {
    const entry = kept.get(id);
    if (!entry) return;
    total -= entry.characters;
    kept.delete(id);
  };
  /**
   * After `id` grew: a conversation above the budget on its own is not kept (the others stay);
   * otherwise the least recently used go until the rest fits.
   */
  const fit = (id: string) => {
    if ((kept.get(id)?.characters ?? 0) > limits.characters) forget(id);
    for (const [oldest, entry] of kept) {
      if (kept.size <= limits.conversations && total <= limits.characters) return;
      total -= entry.characters;
      kept.delete(oldest);
    }
  };
  const add = (entry: Entry, sized: readonly SizedMessage[]) => {
    const messages = sized.map(({ message }) => freeze(message));
    for (const [index, { characters }] of sized.entries()) {
      entry.messages.push(messages[index] as StoredMessage);
      entry.sizes.push(characters);
      entry.characters += characters;
      total += characters;
    }
    return messages;
  };

  return {
    get(id) {
      const entry = kept.get(id);
      if (!entry) return undefined;
      // Used now: it moves to the end, the last to be dropped.
      kept.delete(id);
      kept.set(id, entry);
      return entry.messages;
    },
    set(id, sized) {
      forget(id);
      const entry: Entry = { messages: [], sizes: [], characters: 0 };
      kept.set(id, entry);
      const messages = add(entry, sized);
      fit(id);
      return messages;
    },
    appended(id, sized) {
      const entry = kept.get(id);
      if (!entry) return sized.map(({ message }) => freeze(message));
      const messages = add(entry, sized);
      fit(id);
      return messages;
    },
    replaced(id, messageId, read) {
      const entry = kept.get(id);
      if (!entry) return;
      const index = entry.messages.findLastIndex((old) => old.id === messageId);
      const now = index === -1 ? undefined : read();
      if (!now) return forget(id);
      const { message, characters } = now;
      const change = characters - (entry.sizes[index] ?? 0);
      entry.messages[index] = freeze(message);
      entry.sizes[index] = characters;
      entry.characters += change;
      total += change;
      fit(id);
    },
    truncated(id, messageId) {
      const entry = kept.get(id);
      if (!entry) return;
      const from = entry.messages.findIndex((message) => message.id === messageId);
      // A message not on the kept branch: the branch the store now reads is another one.
      if (from === -1) return forget(id);
      entry.messages.splice(from);
      const removed = entry.sizes.splice(from).reduce((sum, size) => sum + size, 0);
      entry.characters -= removed;
      total -= removed;
    },
    forget,
    clear() {
      kept.clear();
      total = 0;
    },
  };
}

function freeze(message: StoredMessage): StoredMessage {
  return Object.isFrozen(message) ? message : Object.freeze(message);
}
