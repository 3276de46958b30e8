import { spawn } from 'node:child_process';
import { chmodSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/testHost';
import { workerNode } from './support/unprivilegedNode';

// Hearth in a data folder it may not write in: it starts anyway, says what it cannot keep, and
// leaves the folder as it was.
const HEADLESS = join(import.meta.dirname, '..', '..', 'electron', 'headless.ts');

describe('a read-only data folder', () => {
  it('still lets the browser host start, with the reasons said and nothing written', async (context) => {
    const node = workerNode();
    if (!node.ok) return context.skip(node.reason);
    const dataDir = tempDir('read-only');
    chmodSync(dataDir, 0o555);
    const child = spawn(
      node.execPath,
      ['--import', 'tsx', HEADLESS, '--data-dir', dataDir, '--port', '0'],
      { ...node.options, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const started = await Promise.race([
        new Promise<boolean>((resolve) => {
          const check = () =>
            /Hearth is running at http/.test(output) ? resolve(true) : undefined;
          child.stdout.on('data', check);
          child.stderr.on('data', check);
        }),
        exited.then(() => false),
      ]);
      expect(started, output).toBe(true);
      expect(output).toContain('The built-in tools were not added: Could not save servers.json');
      expect(output).toContain('so conversations are kept only until it quits');
    } finally {
      child.kill('SIGTERM');
      await exited;
      chmodSync(dataDir, 0o755);
    }
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
