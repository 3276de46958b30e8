import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom, longConversation } from '../../../bench/support/longConversation';
import { IMAGE_EVERY, withImages } from '../../../bench/support/longConversationImages';
import { createFileStore } from '../../../electron/core/files';
import { attachmentSchema } from '../../../preload/schemas/content';
import { tempDir } from '../../support/testHost';

// The bench's long conversation carries real pictures, kept in the data folder as an upload keeps
// them, the same at every run.
describe("the long conversation's pictures", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const pictured = async () => {
    const dataDir = tempDir('bench-images');
    dirs.push(dataDir);
    const messages = await withImages(dataDir, longConversation(150, seededRandom(1)));
    return { dataDir, messages };
  };

  it('puts one kept PNG on a user message in each run of fifty', async () => {
    const { dataDir, messages } = await pictured();
    const carrying = [...messages.entries()].filter(([, message]) => message.attachments?.length);
    expect(carrying.map(([index]) => Math.floor(index / IMAGE_EVERY))).toEqual([0, 1, 2]);
    const store = createFileStore(dataDir);
    for (const [, message] of carrying) {
      expect(message.role).toBe('user');
      const [attachment] = attachmentSchema.array().parse(message.attachments);
      expect(attachment).toMatchObject({ server: '', uri: '', contents: [] });
      expect(attachment?.file).toMatchObject({ kind: 'image', mimeType: 'image/png', width: 640 });
      const path = store.pathOf(attachment?.file?.sha256 ?? '');
      expect(path).toBeDefined();
      const kept = readFileSync(path ?? '');
      expect(createHash('sha256').update(kept).digest('hex')).toBe(attachment?.file?.sha256);
    }
    expect(new Set(carrying.map(([, m]) => m.attachments?.[0]?.file?.sha256)).size).toBe(3);
  });

  it('makes the same pictures at every run', async () => {
    const first = await pictured();
    const second = await pictured();
    expect(second.messages).toEqual(first.messages);
  });
});
