import { describe, expect, it } from 'vitest';
import { createMessageCache } from '../../../electron/core/history/messageCache';
import type { StoredMessage } from '../../../electron/core/history/types';

const message = (id: number, content = `message ${id}`): StoredMessage => ({
  id,
  role: 'user',
  content,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const sized = (id: number, characters = 10) => ({ message: message(id), characters });

describe('the message cache', () => {
  it('keeps the conversations used last, dropping the one unused longest', () => {
    const cache = createMessageCache({ conversations: 2, characters: 1_000 });
    cache.set('a', [sized(1)]);
    cache.set('b', [sized(2)]);
    cache.get('a'); // a is now the last used
    cache.set('c', [sized(3)]);
    expect(cache.get('a')?.map((kept) => kept.id)).toEqual([1]);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.map((kept) => kept.id)).toEqual([3]);
  });

  it('keeps no more characters than its budget, and never one conversation above it', () => {
    const cache = createMessageCache({ conversations: 10, characters: 100 });
    cache.set('a', [sized(1, 60)]);
    cache.set('b', [sized(2, 30)]);
    cache.appended('b', [sized(3, 30)]); // 120 in all: a, used longest ago, goes
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.map((kept) => kept.id)).toEqual([2, 3]);
    expect(cache.set('huge', [sized(4, 101)]).map((kept) => kept.id)).toEqual([4]);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
  });

  it('counts what a change or a cut frees', () => {
    const cache = createMessageCache({ conversations: 10, characters: 100 });
    cache.set('a', [sized(1, 40), sized(2, 40)]);
    cache.truncated('a', 2); // 40 left
    cache.set('b', [sized(3, 50)]);
    expect(cache.get('a')?.map((kept) => kept.id)).toEqual([1]);
    cache.replaced('a', 1, () => ({ message: message(1, 'shorter'), characters: 5 }));
    cache.set('c', [sized(4, 40)]); // 5 + 50 + 40 fits
    expect(cache.get('a')?.[0]?.content).toBe('shorter');
    expect(cache.get('b')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('forgets a conversation whose changed message it cannot find', () => {
    const cache = createMessageCache();
    cache.set('a', [sized(1)]);
    cache.replaced('a', 99, () => sized(99));
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', [sized(1)]);
    cache.replaced('a', 1, () => undefined);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets a conversation whose branch is cut before a message it does not keep', () => {
    const cache = createMessageCache();
    cache.set('a', [sized(1), sized(2)]);
    // A version off the kept branch: the branch the store reads now is another one.
    cache.truncated('a', 7);
    expect(cache.get('a')).toBeUndefined();
  });

  it('freezes what it hands out, and says nothing of conversations it does not keep', () => {
    const cache = createMessageCache();
    const [kept] = cache.set('a', [sized(1)]);
    expect(Object.isFrozen(kept)).toBe(true);
    expect(Object.isFrozen(cache.appended('other', [sized(2)])[0])).toBe(true);
    expect(cache.get('other')).toBeUndefined();
  });
});
