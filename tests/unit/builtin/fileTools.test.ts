import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listDirectory, readTextFile } from '../../../electron/core/builtin/filesystem/fileTools';
import { resolveUserPath } from '../../../electron/core/builtin/userPath';

function text(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

describe('resolveUserPath', () => {
  it('reads ~ and relative paths from the home folder and keeps absolute ones', () => {
    expect(resolveUserPath('~', '/users/someone')).toBe('/users/someone');
    expect(resolveUserPath('~/notes.txt', '/users/someone')).toBe('/users/someone/notes.txt');
    expect(resolveUserPath('Downloads/a', '/users/someone')).toBe('/users/someone/Downloads/a');
    expect(resolveUserPath(' /etc/hosts ', '/users/someone')).toBe('/etc/hosts');
  });
});

describe('file tools', () => {
  let folder: string;

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'hearth-files-'));
  });

  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('reads a text file whole', async () => {
    await writeFile(join(folder, 'a.txt'), 'héllo\nworld\n');
    const result = await readTextFile(join(folder, 'a.txt'), 1_000);
    expect(result.isError).toBeUndefined();
    expect(text(result)).toBe('héllo\nworld\n');
  });

  it('cuts a long file at max_bytes, whole characters only, and says so', async () => {
    await writeFile(join(folder, 'long.txt'), 'é'.repeat(100));
    const result = await readTextFile(join(folder, 'long.txt'), 5);
    expect(text(result)).toMatch(/^éé\n\[Only the first 5 bytes of 200 are shown/);
  });

  it('refuses binary files', async () => {
    await writeFile(join(folder, 'image.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
    await writeFile(join(folder, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x78]));
    for (const name of ['image.png', 'latin1.txt']) {
      const result = await readTextFile(join(folder, name), 1_000);
      expect(result.isError).toBe(true);
      expect(text(result)).toContain('binary file');
    }
  });

  it('says what is wrong with a missing file or a folder', async () => {
    expect(text(await readTextFile(join(folder, 'missing'), 10))).toContain('Nothing exists at');
    expect(text(await readTextFile(folder, 10))).toContain(
      'is a folder, not a file. Use list_directory',
    );
  });

  it('reports an empty file as empty', async () => {
    await writeFile(join(folder, 'empty'), '');
    expect(text(await readTextFile(join(folder, 'empty'), 10))).toContain('is empty');
  });

  it('lists folders first, then files with their sizes', async () => {
    await writeFile(join(folder, 'b.txt'), '12345');
    await mkdir(join(folder, 'zeta'));
    await symlink(join(folder, 'b.txt'), join(folder, 'link'));
    const lines = text(await listDirectory(folder)).split('\n');
    expect(lines.slice(1)).toEqual(['zeta\tdirectory\t-', 'b.txt\tfile\t5', 'link\tsymlink\t-']);
  });

  it('refuses to list a file', async () => {
    await writeFile(join(folder, 'b.txt'), 'x');
    const result = await listDirectory(join(folder, 'b.txt'));
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('Use read_file');
  });
});
