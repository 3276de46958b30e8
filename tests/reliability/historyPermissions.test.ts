import { chmodSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runStoreWorker, sharedDir, workerNode } from './support/unprivilegedNode';

// The conversation history where Hearth may not write or read: it still opens (read-only, or
// in memory for the session), says why, and never touches what is on disk.
interface Appended {
  problems: string[];
  error?: string;
  /** Messages in the conversation after the attempt. */
  messages?: number;
}

const append = (dataDir: string) => runStoreWorker<Appended>(dataDir, 'append');

const SESSION_ONLY =
  /^Hearth cannot open its conversation history \(.+\), so conversations are kept only until it quits/;

describe('a history Hearth may not write', () => {
  it('in a read-only data folder stays whole and readable, and a save says why it failed', (context) => {
    const node = workerNode();
    if (!node.ok) return context.skip(node.reason);
    const dataDir = sharedDir('history');
    expect(append(dataDir)).toMatchObject({ messages: 1 });
    const files = readdirSync(dataDir);
    for (const name of files) chmodSync(join(dataDir, name), 0o444);
    chmodSync(dataDir, 0o555);
    try {
      const attempt = append(dataDir);
      expect(attempt.problems).toEqual([
        expect.stringMatching(
          /^Hearth may not write in its data folder, so your conversations can be read/,
        ),
      ]);
      expect(attempt.error).toMatch(
        /^Could not save the conversation: the data folder is read-only\./,
      );
      expect(attempt.messages).toBe(1);
    } finally {
      chmodSync(dataDir, 0o777);
      for (const name of files) chmodSync(join(dataDir, name), 0o666);
    }
    expect(append(dataDir)).toMatchObject({ messages: 2 });
  });

  it('in a read-only data folder with no history yet lives in memory for the session, and says so', (context) => {
    const node = workerNode();
    if (!node.ok) return context.skip(node.reason);
    const dataDir = sharedDir('history');
    chmodSync(dataDir, 0o555);
    try {
      const attempt = append(dataDir);
      expect(attempt.problems).toEqual([expect.stringMatching(SESSION_ONLY)]);
      expect(attempt).toMatchObject({ messages: 1 });
      expect(attempt.error).toBeUndefined();
    } finally {
      chmodSync(dataDir, 0o777);
    }
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('in a file it may not read lives in memory for the session, and the file is untouched', (context) => {
    const node = workerNode();
    if (!node.ok) return context.skip(node.reason);
    const dataDir = sharedDir('history');
    expect(append(dataDir)).toMatchObject({ messages: 1 });
    const database = join(dataDir, 'conversations.sqlite');
    const before = readFileSync(database);
    chmodSync(database, 0o000);
    try {
      const attempt = append(dataDir);
      expect(attempt.problems).toEqual([expect.stringMatching(SESSION_ONLY)]);
      expect(attempt).toMatchObject({ messages: 1 });
    } finally {
      chmodSync(database, 0o600);
    }
    expect(readFileSync(database).equals(before)).toBe(true);
  });
});
