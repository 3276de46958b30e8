import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogEntry } from '../../../preload/schemas/servers';
import {
  BATCH_MS,
  createLogBatcher,
  MAX_BATCH_ENTRIES,
} from '../../../electron/core/mcp/fromServer/logBatcher';

function entry(text: string): LogEntry {
  return { at: '2030-01-01T00:00:00.000Z', source: 'stderr', level: 'info', text };
}

function recorder() {
  const batches: { server: string; entries: LogEntry[] }[] = [];
  const batcher = createLogBatcher((server, entries) => void batches.push({ server, entries }));
  return { batches, batcher };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createLogBatcher', () => {
  it('sends nothing until BATCH_MS has passed, then one batch per server', () => {
    const { batches, batcher } = recorder();
    batcher.add('alpha', entry('a1'));
    batcher.add('beta', entry('b1'));
    batcher.add('alpha', entry('a2'));

    vi.advanceTimersByTime(BATCH_MS - 1);
    expect(batches).toEqual([]);

    vi.advanceTimersByTime(1);
    expect(batches).toEqual([
      { server: 'alpha', entries: [entry('a1'), entry('a2')] },
      { server: 'beta', entries: [entry('b1')] },
    ]);
  });

  it('starts a new batch after one has been sent', () => {
    const { batches, batcher } = recorder();
    batcher.add('alpha', entry('first'));
    vi.advanceTimersByTime(BATCH_MS);
    batcher.add('alpha', entry('second'));
    vi.advanceTimersByTime(BATCH_MS);

    expect(batches.map((batch) => batch.entries.map((sent) => sent.text))).toEqual([
      ['first'],
      ['second'],
    ]);
  });

  it('does not push the batch back when more lines keep arriving', () => {
    const { batches, batcher } = recorder();
    batcher.add('alpha', entry('0'));
    vi.advanceTimersByTime(BATCH_MS / 2);
    batcher.add('alpha', entry('1'));
    vi.advanceTimersByTime(BATCH_MS / 2);
    expect(batches).toHaveLength(1);
  });

  it('keeps the newest MAX_BATCH_ENTRIES and says how many more are in the full log', () => {
    const { batches, batcher } = recorder();
    for (let index = 0; index < MAX_BATCH_ENTRIES + 7; index++) {
      batcher.add('alpha', entry(`${index}`));
    }
    vi.advanceTimersByTime(BATCH_MS);

    const sent = batches[0]?.entries ?? [];
    expect(batches).toHaveLength(1);
    expect(sent).toHaveLength(MAX_BATCH_ENTRIES + 1);
    expect(sent[0]).toMatchObject({
      source: 'hearth',
      level: 'notice',
      text: '7 more lines are in the full log.',
    });
    expect(sent[1]?.text).toBe('7');
    expect(sent.at(-1)?.text).toBe(`${MAX_BATCH_ENTRIES + 6}`);
  });

  it('adds no notice when exactly MAX_BATCH_ENTRIES arrive', () => {
    const { batches, batcher } = recorder();
    for (let index = 0; index < MAX_BATCH_ENTRIES; index++) batcher.add('alpha', entry('x'));
    vi.advanceTimersByTime(BATCH_MS);
    expect(batches[0]?.entries).toHaveLength(MAX_BATCH_ENTRIES);
    expect(batches[0]?.entries.some((sent) => sent.source === 'hearth')).toBe(false);
  });

  it('sends at once on flush and not again when the timer would have fired', () => {
    const { batches, batcher } = recorder();
    batcher.add('alpha', entry('now'));
    batcher.flush();
    expect(batches).toEqual([{ server: 'alpha', entries: [entry('now')] }]);

    vi.advanceTimersByTime(BATCH_MS * 3);
    expect(batches).toHaveLength(1);
  });

  it('sends nothing on flush when nothing is pending', () => {
    const { batches, batcher } = recorder();
    batcher.flush();
    vi.advanceTimersByTime(BATCH_MS);
    expect(batches).toEqual([]);
  });
});
