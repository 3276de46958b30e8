import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveInside } from '../../../electron/core/security/staticFiles';

let parent: string;
let root: string;

beforeAll(() => {
  parent = mkdtempSync(join(tmpdir(), 'hearth-static-'));
  root = join(parent, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  writeFileSync(join(root, 'assets', 'a.js'), 'export {}');
  writeFileSync(join(parent, 'secret.txt'), 'secret');
});

afterAll(() => {
  rmSync(parent, { recursive: true, force: true });
});

/** Either refused, or a path strictly inside root. */
function expectRefusedOrInside(pathname: string): void {
  const result = resolveInside(root, pathname);
  if (result !== undefined) expect(result.startsWith(root + sep), result).toBe(true);
}

describe('resolveInside', () => {
  it('serves index.html for / and for an empty path', () => {
    expect(resolveInside(root, '/')).toBe(join(root, 'index.html'));
    expect(resolveInside(root, '')).toBe(join(root, 'index.html'));
  });

  it('maps an asset path to the file inside the root', () => {
    expect(resolveInside(root, '/assets/a.js')).toBe(join(root, 'assets', 'a.js'));
  });

  it('decodes ordinary percent-encoding', () => {
    expect(resolveInside(root, '/assets/my%20file.js')).toBe(join(root, 'assets', 'my file.js'));
  });

  it('normalizes .. that stays inside the root', () => {
    expect(resolveInside(root, '/assets/../index.html')).toBe(join(root, 'index.html'));
  });

  it('refuses plain .. traversal out of the root', () => {
    expect(resolveInside(root, '/../secret.txt')).toBeUndefined();
    expect(resolveInside(root, '/assets/../../secret.txt')).toBeUndefined();
    expect(resolveInside(root, '/..')).toBeUndefined();
  });

  it('refuses percent-encoded traversal', () => {
    expect(resolveInside(root, '/%2e%2e%2fsecret.txt')).toBeUndefined();
    expect(resolveInside(root, '/%2E%2E/secret.txt')).toBeUndefined();
    expect(resolveInside(root, '/assets%2f..%2f..%2fsecret.txt')).toBeUndefined();
  });

  it('refuses an encoded or literal backslash', () => {
    expect(resolveInside(root, '/..%5csecret.txt')).toBeUndefined();
    expect(resolveInside(root, '/assets%5ca.js')).toBeUndefined();
    expect(resolveInside(root, '/assets\\a.js')).toBeUndefined();
  });

  it('refuses a NUL byte', () => {
    expect(resolveInside(root, '/index.html%00.png')).toBeUndefined();
    expect(resolveInside(root, '/index.html\0')).toBeUndefined();
  });

  it('keeps absolute-looking paths inside the root', () => {
    const result = resolveInside(root, '//etc/passwd');
    expect(result).toBe(join(root, 'etc', 'passwd'));
    expectRefusedOrInside('///etc/passwd');
    expectRefusedOrInside('/%2fetc%2fpasswd');
  });

  it('refuses malformed percent-encoding instead of throwing', () => {
    expect(resolveInside(root, '/%E0%A4%A')).toBeUndefined();
    expect(resolveInside(root, '/%')).toBeUndefined();
    expect(resolveInside(root, '/%zz')).toBeUndefined();
  });

  it('refuses the root folder itself', () => {
    expect(resolveInside(root, '/.')).toBeUndefined();
    expect(resolveInside(root, '/assets/..')).toBeUndefined();
  });

  it('refuses a sibling folder whose name starts with the root name', () => {
    mkdirSync(`${root}-other`, { recursive: true });
    expect(resolveInside(root, '/../renderer-other/x.js')).toBeUndefined();
  });

  it('keeps every traversal attempt refused or inside the root', () => {
    for (const attempt of [
      '/....//secret.txt',
      '/.%2e/secret.txt',
      '/%252e%252e/secret.txt',
      '/assets/./../../../etc/passwd',
      '/%c0%ae%c0%ae/secret.txt',
    ]) {
      expectRefusedOrInside(attempt);
    }
  });
});
