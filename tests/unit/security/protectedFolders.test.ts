import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  protectedFolderHolding,
  protectedFolderNamed,
} from '../../../electron/core/security/protectedFolders';
import { tempDir } from '../../support/testHost';

describe('Hearth’s own folders', () => {
  const home = tempDir('home');
  const data = join(home, '.config', 'Hearth');
  const keys = join(home, '.config', 'Hearth.keys');
  mkdirSync(data, { recursive: true });
  mkdirSync(keys, { recursive: true });
  writeFileSync(join(data, 'servers.json'), '{}');
  const folders = [data, keys];

  it('holds paths inside them, through links too, and nothing beside them', () => {
    expect(protectedFolderHolding(join(data, 'servers.json'), folders)).toBe(data);
    expect(protectedFolderHolding(join(keys, 'consent.key'), folders)).toBe(keys);
    expect(protectedFolderHolding(join(data, '..', 'Hearth', 'consent.json'), folders)).toBe(data);
    const link = join(home, 'innocent');
    symlinkSync(data, link);
    expect(protectedFolderHolding(join(link, 'servers.json'), folders)).toBe(data);
    expect(
      protectedFolderHolding(join(home, '.config', 'Hearth-other', 'x'), folders),
    ).toBeUndefined();
    expect(protectedFolderHolding(join(home, 'notes.txt'), folders)).toBeUndefined();
  });

  it('are found in a shell command however the home folder is written', () => {
    expect(protectedFolderNamed(`cat ${data}/servers.json`, folders, home)).toBe(data);
    expect(protectedFolderNamed('cat ~/.config/Hearth.keys/consent.key', folders, home)).toBe(keys);
    expect(protectedFolderNamed('cp x "$HOME/.config/Hearth/servers.json"', folders, home)).toBe(
      data,
    );
    expect(protectedFolderNamed('ls ~/Documents', folders, home)).toBeUndefined();
  });
});
