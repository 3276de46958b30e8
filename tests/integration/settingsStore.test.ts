import { settingsWith } from '../support/settings';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSettingsStore } from '../../electron/core/store/settingsStore';
import { tempDir } from '../support/testHost';

function open(dataDir: string) {
  const problems: string[] = [];
  const store = openSettingsStore({
    dataDir,
    onProblem: (message) => problems.push(message),
    now: () => new Date('2026-01-02T03:04:05.678Z'),
  });
  return { store, problems };
}

describe('the settings store', () => {
  it('starts from the defaults in an empty folder, and writes nothing until a change', () => {
    const dataDir = tempDir('settings');
    const { store, problems } = open(dataDir);
    expect(store.get()).toEqual(settingsWith({ theme: 'system' }));
    expect(problems).toEqual([]);
  });

  it('keeps a change across a restart, in a file only the user can read', () => {
    const dataDir = tempDir('settings');
    open(dataDir).store.update({ theme: 'dark' });
    expect(open(dataDir).store.get()).toEqual(settingsWith({ theme: 'dark' }));
    if (process.platform !== 'win32')
      expect(statSync(join(dataDir, 'settings.json')).mode & 0o777).toBe(0o600);
  });

  it('leaves fields out of a patch unchanged', () => {
    const { store } = open(tempDir('settings'));
    store.update({ theme: 'light' });
    expect(store.update({})).toEqual(settingsWith({ theme: 'light' }));
  });

  it('refuses an invalid patch without touching the file', () => {
    const dataDir = tempDir('settings');
    const { store } = open(dataDir);
    store.update({ theme: 'dark' });
    expect(() => store.update({ theme: 'neon' } as never)).toThrow();
    expect(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8'))).toEqual(
      settingsWith({ theme: 'dark' }),
    );
  });

  it.each([
    ['truncated JSON', '{"theme": "da'],
    ['an empty file', ''],
    ['a lone brace', '{'],
    ['valid JSON of the wrong shape', '{"theme": 42}'],
    ['a JSON array', '[1, 2, 3]'],
  ])('sets %s aside with a timestamp, starts from defaults and says so', (_label, content) => {
    const dataDir = tempDir('settings');
    writeFileSync(join(dataDir, 'settings.json'), content);
    const { store, problems } = open(dataDir);
    expect(store.get()).toEqual(settingsWith({ theme: 'system' }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/Your settings could not be read/);
    expect(problems[0]).toMatch(/Hearth started with default settings\./);
    const keptAs = join(dataDir, 'settings.corrupt-2026-01-02T03-04-05-678Z.json');
    expect(problems[0]).toContain(keptAs);
    expect(readFileSync(keptAs, 'utf8')).toBe(content);
    store.update({ theme: 'dark' });
    expect(open(dataDir).problems).toEqual([]);
  });

  it('sets aside a folder sitting where the file should be', () => {
    const dataDir = tempDir('settings');
    mkdirSync(join(dataDir, 'settings.json'));
    const { store, problems } = open(dataDir);
    expect(problems).toHaveLength(1);
    store.update({ theme: 'light' });
    expect(readdirSync(dataDir).some((name) => name.startsWith('settings.corrupt-'))).toBe(true);
    expect(existsSync(join(dataDir, 'settings.json'))).toBe(true);
  });
});
