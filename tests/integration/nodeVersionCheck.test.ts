import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/serveProcess';

// Every way in (start, dev, serve, test, dist) says first, in one line, that Node.js is too old,
// instead of failing later with a missing `node:sqlite` or a stack trace.
const { nodeVersionProblem } = createRequire(import.meta.url)('../../scripts/checkNode.cjs') as {
  nodeVersionProblem(version: string): string | undefined;
};
const scripts = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;
const WAYS_IN = ['start', 'dev', 'serve', 'test', 'dist'];
const LINE = /^Hearth needs Node\.js 22\.12 or newer; this is v20\.\d+\.\d+\. .*nodejs\.org.*$/;

/** A Node.js older than 22.12 on this machine (Debian's, say), if there is one. */
function oldNode(): string | undefined {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node', '/bin/node']) {
    try {
      const version = execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim();
      if (nodeVersionProblem(version)) return candidate;
    } catch {
      // Not there.
    }
  }
  return undefined;
}

describe('the Node.js version check', () => {
  it('accepts 22.12 and newer, and words the refusal for anything older', () => {
    for (const fine of ['v22.12.0', 'v22.20.1', 'v23.0.0', 'v24.11.1', 'v30.0.0'])
      expect(nodeVersionProblem(fine), fine).toBeUndefined();
    for (const old of ['v22.11.9', 'v22.0.0', 'v20.20.2', 'v18.19.1', 'v16.0.0'])
      expect(nodeVersionProblem(old), old).toMatch(
        new RegExp(
          `^Hearth needs Node\\.js 22\\.12 or newer; this is ${old.replaceAll('.', '\\.')}\\.`,
        ),
      );
  });

  it.each(WAYS_IN)('stops `npm run %s` before anything else, with one line', (name) => {
    const script = scripts[name];
    expect(script, name).toBeDefined();
    // The script as npm runs it, on a Node that says it is 20.
    const result = spawnSync('sh', ['-c', script ?? ''], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: {
        ...process.env,
        PATH: `${join(REPO_ROOT, 'node_modules', '.bin')}${delimiter}${process.env.PATH}`,
        NODE_OPTIONS: `--require ${join(REPO_ROOT, 'tests', 'support', 'firstRun', 'oldNode.cjs')}`,
      },
      timeout: 60_000,
    });
    expect(result.status, result.stdout + result.stderr).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd()).toMatch(LINE);
  });

  it('says so through npm itself on a real older Node.js', (context) => {
    const node = oldNode();
    if (!node) context.skip('no Node.js older than 22.12 on this machine');
    const result = spawnSync('npm', ['start'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${dirname(node ?? '')}${delimiter}${process.env.PATH}` },
      timeout: 60_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr.split('\n').filter((line) => LINE.test(line))).toHaveLength(1);
    expect(result.stderr).not.toMatch(/node:sqlite|Electron uninstall|^\s+at /m);
  });
});
