import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../preload/schemas/servers';
import {
  createServerLog,
  lineSplitter,
  MAX_LOG_CHARS,
  MAX_LOG_ENTRIES,
  MAX_LOG_LINE_CHARS,
} from '../../../electron/core/mcp/fromServer/serverLog';

function totalChars(entries: LogEntry[]): number {
  return entries.reduce((sum, entry) => sum + entry.text.length, 0);
}

describe('createServerLog', () => {
  it('records each entry with its time, source and level, and tells the listener', () => {
    const heard: LogEntry[] = [];
    const log = createServerLog(
      (entry) => void heard.push(entry),
      () => new Date('2030-01-02T03:04:05.000Z'),
    );
    const entry = log.add('stderr', 'error', 'boom');

    expect(entry).toEqual({
      at: '2030-01-02T03:04:05.000Z',
      source: 'stderr',
      level: 'error',
      text: 'boom',
      seq: expect.any(Number),
    });
    expect(heard).toEqual([entry]);
    expect(log.entries()).toEqual([entry]);
  });

  it('numbers entries upward across logs, so a pane can merge a fetched list with live batches', () => {
    const first = createServerLog().add('stderr', 'info', 'a');
    const again = createServerLog().add('stderr', 'info', 'b');
    expect(again.seq).toBeGreaterThan(first.seq ?? Infinity);
  });

  it('drops the oldest entries beyond MAX_LOG_ENTRIES', () => {
    const log = createServerLog();
    for (let index = 0; index < MAX_LOG_ENTRIES + 5; index++) log.add('mcp', 'info', `${index}`);

    const entries = log.entries();
    expect(entries).toHaveLength(MAX_LOG_ENTRIES);
    expect(entries[0]?.text).toBe('5');
    expect(entries.at(-1)?.text).toBe(`${MAX_LOG_ENTRIES + 4}`);
  });

  it('drops the oldest entries once the text passes MAX_LOG_CHARS', () => {
    const log = createServerLog();
    const lineLength = MAX_LOG_LINE_CHARS;
    const fit = MAX_LOG_CHARS / lineLength;
    for (let index = 0; index < fit + 3; index++) {
      log.add('stderr', 'info', `${index}:`.padEnd(lineLength, 'x'));
    }

    const entries = log.entries();
    expect(totalChars(entries)).toBeLessThanOrEqual(MAX_LOG_CHARS);
    expect(entries).toHaveLength(fit);
    expect(entries[0]?.text.startsWith('3:')).toBe(true);
    expect(entries.at(-1)?.text.startsWith(`${fit + 2}:`)).toBe(true);
  });

  it('cuts a long line and says how much was left out', () => {
    const log = createServerLog();
    const entry = log.add('stderr', 'info', 'y'.repeat(MAX_LOG_LINE_CHARS + 1234));

    expect(entry.text).toBe(`${'y'.repeat(MAX_LOG_LINE_CHARS)}… [1234 more characters]`);
  });

  it('keeps a line of exactly MAX_LOG_LINE_CHARS as it is', () => {
    const log = createServerLog();
    const text = 'z'.repeat(MAX_LOG_LINE_CHARS);
    expect(log.add('stderr', 'info', text).text).toBe(text);
  });

  it('returns the last stderr lines only, oldest first', () => {
    const log = createServerLog();
    log.add('stderr', 'info', 'one');
    log.add('mcp', 'info', 'not stderr');
    log.add('stderr', 'info', 'two');
    log.add('hearth', 'notice', 'also not stderr');
    log.add('stderr', 'info', 'three');

    expect(log.recentStderr(2)).toEqual(['two', 'three']);
    expect(log.recentStderr(10)).toEqual(['one', 'two', 'three']);
  });

  it('returns a copy of its entries that callers cannot change', () => {
    const log = createServerLog();
    log.add('mcp', 'info', 'kept');
    log.entries().pop();
    expect(log.entries()).toHaveLength(1);
  });
});

describe('lineSplitter', () => {
  function split(maxLine?: number) {
    const lines: string[] = [];
    const splitter = lineSplitter((line) => void lines.push(line), maxLine);
    return { lines, splitter };
  }

  it('joins a line that arrives across chunks', () => {
    const { lines, splitter } = split();
    splitter.push('hel');
    splitter.push('lo wor');
    expect(lines).toEqual([]);
    splitter.push('ld\nnext');
    expect(lines).toEqual(['hello world']);
  });

  it('emits every line of a chunk with several', () => {
    const { lines, splitter } = split();
    splitter.push('a\nb\n\nc\n');
    expect(lines).toEqual(['a', 'b', '', 'c']);
  });

  it('removes the carriage return of CRLF, also when CR and LF arrive apart', () => {
    const { lines, splitter } = split();
    splitter.push('first\r\nsecond\r');
    splitter.push('\nthird\r\n');
    expect(lines).toEqual(['first', 'second', 'third']);
  });

  it('flushes the last partial line, once', () => {
    const { lines, splitter } = split();
    splitter.push('done\nhalf');
    splitter.flush();
    splitter.flush();
    expect(lines).toEqual(['done', 'half']);
  });

  it('emits nothing on flush when nothing is pending', () => {
    const { lines, splitter } = split();
    splitter.push('whole\n');
    splitter.flush();
    expect(lines).toEqual(['whole']);
  });

  it('cuts a 20 MB chunk without newlines to one bounded line and keeps nothing of it', () => {
    const { lines, splitter } = split();
    splitter.push('x'.repeat(20 * 1024 * 1024));

    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(`${'x'.repeat(MAX_LOG_LINE_CHARS)}…`);
    splitter.flush();
    expect(lines).toHaveLength(1);
    splitter.push('after\n');
    expect(lines.at(-1)).toBe('after');
  });

  it('cuts pending text once it grows past its own maximum across chunks', () => {
    const { lines, splitter } = split(10);
    splitter.push('12345');
    splitter.push('67890');
    expect(lines).toEqual([]);
    splitter.push('A');
    expect(lines).toEqual(['1234567890…']);
  });
});
