import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileSink, MAX_LOG_FILE_BYTES } from '../../../electron/core/logFile';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hearth-logfile-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const read = (path: string) => readFileSync(path, 'utf8');

describe('createFileSink', () => {
  it('defaults to a 5 MiB limit', () => {
    expect(MAX_LOG_FILE_BYTES).toBe(5 * 1024 * 1024);
  });

  it('appends each line with a newline', () => {
    const path = join(dir, 'hearth.log');
    const sink = createFileSink(path);
    sink('first');
    sink('second');
    expect(read(path)).toBe('first\nsecond\n');
  });

  it('appends after what an earlier run left in the file', () => {
    const path = join(dir, 'hearth.log');
    writeFileSync(path, 'old\n');
    createFileSink(path)('new');
    expect(read(path)).toBe('old\nnew\n');
  });

  it.skipIf(process.platform === 'win32')('creates the file readable only by its owner', () => {
    const path = join(dir, 'hearth.log');
    createFileSink(path)('private');
    expect(statSync(path).mode & 0o077).toBe(0);
  });

  it('creates missing folders', () => {
    const path = join(dir, 'a', 'b', 'c', 'hearth.log');
    const sink = createFileSink(path);
    expect(existsSync(join(dir, 'a', 'b', 'c'))).toBe(true);
    sink('deep');
    expect(read(path)).toBe('deep\n');
  });

  it('rotates to .1 when the next line would exceed the limit', () => {
    const path = join(dir, 'hearth.log');
    const sink = createFileSink(path, 20);
    sink('aaaaaaaa'); // 9 bytes
    sink('bbbbbbbb'); // 18 bytes
    expect(existsSync(`${path}.1`)).toBe(false);
    sink('cccccccc'); // would be 27 > 20
    expect(read(`${path}.1`)).toBe('aaaaaaaa\nbbbbbbbb\n');
    expect(read(path)).toBe('cccccccc\n');
  });

  it('keeps a file that reaches the limit exactly without rotating', () => {
    const path = join(dir, 'hearth.log');
    const sink = createFileSink(path, 18);
    sink('aaaaaaaa');
    sink('bbbbbbbb');
    expect(existsSync(`${path}.1`)).toBe(false);
    expect(statSync(path).size).toBe(18);
  });

  it('counts the size of an existing file toward the limit', () => {
    const path = join(dir, 'hearth.log');
    writeFileSync(path, 'x'.repeat(15));
    createFileSink(path, 20)('yyyyyy');
    expect(read(`${path}.1`)).toBe('x'.repeat(15));
    expect(read(path)).toBe('yyyyyy\n');
  });

  it('counts bytes, not characters, for multi-byte text', () => {
    const path = join(dir, 'hearth.log');
    const sink = createFileSink(path, 10);
    sink('éé'); // 5 bytes with the newline
    sink('éé'); // 10 bytes
    expect(existsSync(`${path}.1`)).toBe(false);
    sink('é');
    expect(read(`${path}.1`)).toBe('éé\néé\n');
  });

  it('keeps only one previous file, replacing the older one on each rotation', () => {
    const path = join(dir, 'hearth.log');
    const sink = createFileSink(path, 6);
    sink('one');
    sink('two');
    sink('three');
    expect(read(`${path}.1`)).toBe('two\n');
    expect(read(path)).toBe('three\n');
    expect(existsSync(`${path}.2`)).toBe(false);
  });

  it('does not throw when the folder was replaced by a file after creation', () => {
    const folder = join(dir, 'logs');
    const path = join(folder, 'hearth.log');
    const sink = createFileSink(path);
    sink('before');
    rmSync(folder, { recursive: true });
    writeFileSync(folder, 'not a folder');
    expect(() => sink('after')).not.toThrow();
    expect(read(folder)).toBe('not a folder');
  });

  it('keeps writing once a removed folder comes back', () => {
    const folder = join(dir, 'logs');
    const path = join(folder, 'hearth.log');
    const sink = createFileSink(path);
    rmSync(folder, { recursive: true });
    expect(() => sink('lost')).not.toThrow();
    mkdirSync(folder);
    sink('back');
    expect(read(path)).toBe('back\n');
  });
});
