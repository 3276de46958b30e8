import { existsSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileStore, UNSENT_FILE_MS } from '../../../electron/core/files';
import { tempDir } from '../../support/testHost';

async function keep(store: ReturnType<typeof createFileStore>, name: string, text: string) {
  const bytes = Buffer.from(text);
  const { uploadId } = await store.begin(name, bytes.length);
  await store.chunk(uploadId, 0, bytes.toString('base64'));
  return store.finish(uploadId);
}

describe('the kept files in the data folder', () => {
  it('sweeps files no message uses once they are a day old, and keeps the rest', async () => {
    const dataDir = tempDir('files');
    const store = createFileStore(dataDir);
    const used = await keep(store, 'used.txt', 'in a message');
    const fresh = await keep(store, 'fresh.txt', 'being written');
    const stale = await keep(store, 'stale.txt', 'never sent');
    const dayAgo = new Date(Date.now() - UNSENT_FILE_MS - 60_000);
    for (const facts of [used, stale]) utimesSync(join(store.folder, facts.sha256), dayAgo, dayAgo);

    expect(await store.sweep((sha256) => sha256 === used.sha256)).toBe(1);
    expect(existsSync(join(store.folder, used.sha256))).toBe(true);
    expect(existsSync(join(store.folder, fresh.sha256))).toBe(true);
    expect(existsSync(join(store.folder, stale.sha256))).toBe(false);
    expect(existsSync(join(store.folder, `${stale.sha256}.json`))).toBe(false);
  });

  it('forgets an upload a previous run left unfinished', async () => {
    const dataDir = tempDir('files');
    const first = createFileStore(dataDir);
    const { uploadId } = await first.begin('half.txt', 10);
    await first.chunk(uploadId, 0, Buffer.from('half').toString('base64'));
    expect(existsSync(join(first.folder, 'incoming', uploadId))).toBe(true);
    const second = createFileStore(dataDir);
    expect(existsSync(join(second.folder, 'incoming', uploadId))).toBe(false);
    await expect(second.finish(uploadId)).rejects.toThrow(
      'That upload is no longer open. Attach the file again.',
    );
  });

  it('refuses a chunk out of order and a file finished before it arrived whole', async () => {
    const store = createFileStore(tempDir('files'));
    const { uploadId } = await store.begin('notes.txt', 8);
    await expect(store.chunk(uploadId, 4, Buffer.from('late').toString('base64'))).rejects.toThrow(
      'A piece of “notes.txt” arrived out of order. Attach the file again.',
    );
    await store.chunk(uploadId, 0, Buffer.from('half').toString('base64'));
    await expect(store.finish(uploadId)).rejects.toThrow(
      '“notes.txt” did not arrive whole. Attach the file again.',
    );
  });
});
