import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  commandEnvironment,
  commandFolder,
  prepareCommandFolder,
} from '../../../electron/core/builtin/commands/commandPlace';
import { tempDir } from '../../support/testHost';

const home = '/users/someone';
const defaults = { folder: '', variables: [] };

describe('where a shell command runs and what it gets', () => {
  it('runs in a folder of its own by default, not the home folder', () => {
    expect(commandFolder(undefined, defaults, home)).toBe('/users/someone/Hearth/work');
    expect(commandFolder(undefined, { ...defaults, folder: '~/projects' }, home)).toBe(
      '/users/someone/projects',
    );
    // The folder the call names wins; the approval shows it.
    expect(commandFolder('~/site', { ...defaults, folder: '~/projects' }, home)).toBe(
      '/users/someone/site',
    );
  });

  it('makes the default folder on first use (owner only), never one the user named', async () => {
    const fresh = tempDir('command-home');
    await prepareCommandFolder(undefined, defaults, fresh);
    const made = join(fresh, 'Hearth', 'work');
    expect(statSync(made).isDirectory()).toBe(true);
    expect(statSync(made).mode & 0o777).toBe(0o700);
    await prepareCommandFolder(undefined, { ...defaults, folder: '~/named' }, fresh);
    expect(existsSync(join(fresh, 'named'))).toBe(false);
  });

  it('gets the basics and the names the user listed, nothing else of Hearth’s environment', () => {
    const environment = {
      HOME: home,
      PATH: '/usr/bin',
      USER: 'someone',
      HEARTH_TOKEN: 'secret',
      GITHUB_TOKEN: 'listed',
      BASH_FUNC_x: '() { evil; }',
    };
    const plain = commandEnvironment(environment, defaults);
    expect(plain).toMatchObject({ HOME: home, PATH: '/usr/bin', USER: 'someone' });
    expect(JSON.stringify(plain)).not.toContain('secret');
    expect(plain.GITHUB_TOKEN).toBeUndefined();
    const listed = commandEnvironment(environment, {
      folder: '',
      variables: ['GITHUB_TOKEN', 'BASH_FUNC_x', 'MISSING'],
    });
    expect(listed.GITHUB_TOKEN).toBe('listed');
    expect(listed.BASH_FUNC_x).toBeUndefined();
    expect('MISSING' in listed).toBe(false);
  });
});
