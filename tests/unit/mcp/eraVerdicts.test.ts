import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  ERA_WRITE_DELAY_MS,
  eraKey,
  fileEraVerdicts,
} from '../../../electron/core/mcp/lifecycle/eraVerdicts';
import type { ServerConfig } from '../../../preload/schemas/servers';
import { tempDir } from '../../support/testHost';

const stdio = (command: string, args: string[]) =>
  ({
    name: 'x',
    transport: { type: 'stdio', command, args, env: [], cwd: '' },
  }) as unknown as ServerConfig;
const discover = { supportedVersions: ['2026-07-28'], capabilities: {} };

describe('remembered protocol eras', () => {
  it('keys a server by what is launched, not by its name', () => {
    expect(eraKey(stdio('npx', ['a']))).toBe(eraKey({ ...stdio('npx', ['a']), name: 'y' }));
    expect(eraKey(stdio('npx', ['a']))).not.toBe(eraKey(stdio('npx', ['b'])));
  });

  it('keeps verdicts across restarts of Hearth and forgets on request', () => {
    const dir = tempDir('eras');
    const problems: string[] = [];
    const first = fileEraVerdicts(dir, (message) => problems.push(message));
    first.set('a', { kind: 'modern', discover });
    first.set('b', { kind: 'legacy' });
    first.flush();
    const second = fileEraVerdicts(dir, (message) => problems.push(message));
    expect(second.get('a')).toEqual({ kind: 'modern', discover });
    expect(second.get('b')).toEqual({ kind: 'legacy' });
    second.forget('a');
    second.flush();
    expect(fileEraVerdicts(dir, () => undefined).get('a')).toBeUndefined();
    expect(problems).toEqual([]);
  });

  it('starts afresh from a damaged file and drops entries that are not verdicts', () => {
    const dir = tempDir('eras');
    writeFileSync(join(dir, 'protocol-eras.json'), '{not json');
    expect(fileEraVerdicts(dir, () => undefined).get('a')).toBeUndefined();
    writeFileSync(
      join(dir, 'protocol-eras.json'),
      JSON.stringify([
        ['ok', { kind: 'legacy' }],
        ['bad', { kind: 'modern' }],
        ['worse', 'legacy'],
      ]),
    );
    const verdicts = fileEraVerdicts(dir, () => undefined);
    expect(verdicts.get('ok')).toEqual({ kind: 'legacy' });
    expect(verdicts.get('bad')).toBeUndefined();
    expect(verdicts.get('worse')).toBeUndefined();
  });

  it('writes nothing when a verdict is set again unchanged', () => {
    const dir = tempDir('eras');
    const verdicts = fileEraVerdicts(dir, () => undefined);
    verdicts.set('a', { kind: 'legacy' });
    verdicts.flush();
    writeFileSync(join(dir, 'protocol-eras.json'), '[]');
    verdicts.set('a', { kind: 'legacy' });
    verdicts.flush();
    expect(readFileSync(join(dir, 'protocol-eras.json'), 'utf8')).toBe('[]');
  });

  it('writes changes made close together once, after a moment', () => {
    vi.useFakeTimers();
    try {
      const dir = tempDir('eras');
      const file = join(dir, 'protocol-eras.json');
      const verdicts = fileEraVerdicts(dir, () => undefined);
      verdicts.set('a', { kind: 'legacy' });
      verdicts.set('b', { kind: 'modern', discover });
      expect(existsSync(file)).toBe(false);
      vi.advanceTimersByTime(ERA_WRITE_DELAY_MS);
      expect(fileEraVerdicts(dir, () => undefined).get('b')).toEqual({ kind: 'modern', discover });
      verdicts.forget('a');
      verdicts.flush();
      expect(fileEraVerdicts(dir, () => undefined).get('a')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
