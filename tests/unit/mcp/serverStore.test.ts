import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServerConfig, ServerConfigInput } from '../../../preload/schemas/servers';
import { UserFacingError } from '../../../electron/core/bridge/errors';
import { openServerStore, sameName } from '../../../electron/core/mcp/config/serverStore';
import { createMemoryVault, type SecretVault } from '../../../electron/core/secrets/secretVault';
import { useTempFolder } from './tempFolder';

const folder = useTempFolder();

function open(vault: SecretVault = createMemoryVault(), problems: string[] = []) {
  const store = openServerStore({
    dataDir: folder(),
    vault,
    onProblem: (message) => void problems.push(message),
  });
  return { store, vault, problems };
}

function stdio(
  name: string,
  env: { name: string; value?: string; secret?: boolean }[] = [],
): ServerConfigInput {
  return { name, transport: { type: 'stdio', command: 'node', args: ['server.js'], env } };
}

function http(
  name: string,
  headers: { name: string; value?: string; secret?: boolean }[] = [],
): ServerConfigInput {
  return { name, transport: { type: 'http', url: 'https://example.test/mcp', headers } };
}

function fileText(): string {
  return readFileSync(join(folder(), 'servers.json'), 'utf8');
}

function envOf(config: ServerConfig | undefined) {
  if (config?.transport.type !== 'stdio') throw new Error('expected a stdio server');
  return config.transport.env;
}

function headersOf(config: ServerConfig | undefined) {
  if (config?.transport.type !== 'http') throw new Error('expected an http server');
  return config.transport.headers;
}

describe('openServerStore with a stdio server', () => {
  it('keeps a secret env value only in the vault, marking it secret in servers.json', () => {
    const { store, vault } = open();
    store.save(
      stdio('github', [
        { name: 'TOKEN', value: 'ghp-very-secret', secret: true },
        { name: 'MODE', value: 'plain-mode' },
      ]),
    );

    const text = fileText();
    expect(text).not.toContain('ghp-very-secret');
    expect(text).toContain('plain-mode');
    const saved = JSON.parse(text) as { servers: { transport: { env: unknown[] } }[] };
    expect(saved.servers[0]?.transport.env).toEqual([
      { name: 'TOKEN', secret: true },
      { name: 'MODE', value: 'plain-mode', secret: false },
    ]);
    expect(vault.keys('')).toEqual(['server:github:env:TOKEN']);
    expect(vault.get('server:github:env:TOKEN')).toBe('ghp-very-secret');
  });

  it('fills secret values in from the vault only through withSecrets', () => {
    const { store } = open();
    store.save(stdio('github', [{ name: 'TOKEN', value: 'ghp-very-secret', secret: true }]));

    expect(envOf(store.withSecrets('github'))).toEqual([
      { name: 'TOKEN', value: 'ghp-very-secret', secret: true },
    ]);
    expect(JSON.stringify(store.list())).not.toContain('ghp-very-secret');
    expect(JSON.stringify(store.get('github'))).not.toContain('ghp-very-secret');
    expect(envOf(store.get('github'))).toEqual([{ name: 'TOKEN', secret: true }]);
  });

  it('returns nothing from withSecrets for a server that does not exist', () => {
    const { store } = open();
    expect(store.withSecrets('nobody')).toBeUndefined();
  });

  it('keeps the stored secret when the config is saved again without its value', () => {
    const { store } = open();
    store.save(stdio('github', [{ name: 'TOKEN', value: 'first', secret: true }]));
    store.save(stdio('github', [{ name: 'TOKEN', secret: true }]), 'github');

    expect(envOf(store.withSecrets('github'))).toEqual([
      { name: 'TOKEN', value: 'first', secret: true },
    ]);
  });

  it('replaces the stored secret when a new value is given', () => {
    const { store } = open();
    store.save(stdio('github', [{ name: 'TOKEN', value: 'first', secret: true }]));
    store.save(stdio('github', [{ name: 'TOKEN', value: 'second', secret: true }]), 'github');

    expect(envOf(store.withSecrets('github'))[0]?.value).toBe('second');
  });

  it('removes the secret from the vault when it becomes a plain value', () => {
    const { store, vault } = open();
    store.save(stdio('github', [{ name: 'TOKEN', value: 'hidden', secret: true }]));
    store.save(stdio('github', [{ name: 'TOKEN', value: 'shown', secret: false }]), 'github');

    expect(vault.keys('server:')).toEqual([]);
    expect(envOf(store.get('github'))).toEqual([{ name: 'TOKEN', value: 'shown', secret: false }]);
    expect(fileText()).not.toContain('hidden');
  });

  it('removes the secret from the vault when the variable is removed', () => {
    const { store, vault } = open();
    store.save(
      stdio('github', [
        { name: 'TOKEN', value: 'one', secret: true },
        { name: 'OTHER', value: 'two', secret: true },
      ]),
    );
    store.save(stdio('github', [{ name: 'OTHER', secret: true }]), 'github');

    expect(vault.keys('server:')).toEqual(['server:github:env:OTHER']);
    expect(vault.get('server:github:env:OTHER')).toBe('two');
  });

  it('moves secrets to the new name on rename and removes the old keys', () => {
    const { store, vault } = open();
    store.save(stdio('old-name', [{ name: 'TOKEN', value: 'kept', secret: true }]));
    store.save(stdio('new-name', [{ name: 'TOKEN', secret: true }]), 'old-name');

    expect(vault.keys('server:old-name:')).toEqual([]);
    expect(vault.get('server:new-name:env:TOKEN')).toBe('kept');
    expect(store.get('old-name')).toBeUndefined();
    expect(envOf(store.withSecrets('new-name'))[0]?.value).toBe('kept');
    expect(store.list().map((server) => server.name)).toEqual(['new-name']);
  });

  it('moves secrets when a rename only changes the case of the name', () => {
    const { store, vault } = open();
    store.save(stdio('GitHub', [{ name: 'TOKEN', value: 'kept', secret: true }]));
    store.save(stdio('github', [{ name: 'TOKEN', secret: true }]), 'GitHub');

    expect(vault.keys('server:')).toEqual(['server:github:env:TOKEN']);
    expect(store.list().map((server) => server.name)).toEqual(['github']);
    expect(envOf(store.withSecrets('github'))[0]?.value).toBe('kept');
  });

  it('refuses a new server whose name is already taken, with a message for the user', () => {
    const { store } = open();
    store.save(stdio('github'));

    expect(() => store.save(stdio('github'))).toThrow(UserFacingError);
    expect(() => store.save(stdio('github'))).toThrow(
      'A server named “github” already exists. Choose another name.',
    );
  });

  it('refuses a name that differs from an existing one only in case', () => {
    const { store } = open();
    store.save(stdio('GitHub'));

    expect(() => store.save(stdio('github'))).toThrow(
      'A server named “GitHub” already exists. Choose another name.',
    );
    expect(store.list()).toHaveLength(1);
  });

  it('refuses a rename onto the name of another server, leaving both untouched', () => {
    const { store, vault } = open();
    store.save(stdio('first', [{ name: 'TOKEN', value: 'one', secret: true }]));
    store.save(stdio('second'));

    expect(() => store.save(stdio('SECOND', [{ name: 'TOKEN', secret: true }]), 'first')).toThrow(
      UserFacingError,
    );
    expect(store.list().map((server) => server.name)).toEqual(['first', 'second']);
    expect(vault.get('server:first:env:TOKEN')).toBe('one');
  });

  it('refuses to update a server that does not exist', () => {
    const { store } = open();

    expect(() => store.save(stdio('github'), 'missing')).toThrow(UserFacingError);
    expect(() => store.save(stdio('github'), 'missing')).toThrow(
      'There is no server named “missing”.',
    );
    expect(store.list()).toEqual([]);
  });

  it('deletes the config and its secrets, and reports whether it found the server', () => {
    const { store, vault } = open();
    store.save(stdio('github', [{ name: 'TOKEN', value: 'gone', secret: true }]));
    store.save(stdio('other', [{ name: 'TOKEN', value: 'stays', secret: true }]));

    expect(store.delete('GITHUB')).toBe(true);
    expect(store.get('github')).toBeUndefined();
    expect(vault.keys('server:')).toEqual(['server:other:env:TOKEN']);
    expect(fileText()).not.toContain('github');
    expect(store.delete('github')).toBe(false);
  });

  it('keeps the order of servers when one in the middle is updated or renamed', () => {
    const { store } = open();
    store.save(stdio('alpha'));
    store.save(stdio('beta'));
    store.save(stdio('gamma'));

    store.save({ ...stdio('beta'), enabled: false }, 'beta');
    expect(store.list().map((server) => server.name)).toEqual(['alpha', 'beta', 'gamma']);
    expect(store.get('beta')?.enabled).toBe(false);

    store.save(stdio('bravo'), 'beta');
    expect(store.list().map((server) => server.name)).toEqual(['alpha', 'bravo', 'gamma']);
  });

  it('finds a server case-insensitively', () => {
    const { store } = open();
    store.save(stdio('GitHub'));
    expect(store.get('github')?.name).toBe('GitHub');
    expect(sameName('GitHub', 'GITHUB')).toBe(true);
    expect(sameName('GitHub', 'GitLab')).toBe(false);
  });

  it('reads secrets back after the store is reopened with the same vault', () => {
    const vault = createMemoryVault();
    open(vault).store.save(stdio('github', [{ name: 'TOKEN', value: 'persisted', secret: true }]));

    const reopened = open(vault).store;
    expect(envOf(reopened.withSecrets('github'))[0]?.value).toBe('persisted');
  });
});

describe('openServerStore with an http server', () => {
  it('keeps secret header values only in the vault and returns them through withSecrets', () => {
    const { store, vault } = open();
    store.save(
      http('remote', [
        { name: 'Authorization', value: 'Bearer sk-hidden', secret: true },
        { name: 'X-Team', value: 'core' },
      ]),
    );

    expect(fileText()).not.toContain('sk-hidden');
    const saved = JSON.parse(fileText()) as { servers: { transport: { headers: unknown[] } }[] };
    expect(saved.servers[0]?.transport.headers).toEqual([
      { name: 'Authorization', secret: true },
      { name: 'X-Team', value: 'core', secret: false },
    ]);
    expect(vault.get('server:remote:header:Authorization')).toBe('Bearer sk-hidden');
    expect(headersOf(store.get('remote'))).toEqual([
      { name: 'Authorization', secret: true },
      { name: 'X-Team', value: 'core', secret: false },
    ]);
    expect(headersOf(store.withSecrets('remote'))[0]?.value).toBe('Bearer sk-hidden');
  });

  it('keeps, drops and renames header secrets as it does env secrets', () => {
    const { store, vault } = open();
    store.save(
      http('remote', [
        { name: 'Authorization', value: 'Bearer kept', secret: true },
        { name: 'X-Key', value: 'dropped', secret: true },
      ]),
    );
    store.save(http('renamed', [{ name: 'Authorization', secret: true }]), 'remote');

    expect(vault.keys('server:')).toEqual(['server:renamed:header:Authorization']);
    expect(headersOf(store.withSecrets('renamed'))[0]?.value).toBe('Bearer kept');

    store.save(http('renamed', [{ name: 'Authorization', value: 'open' }]), 'renamed');
    expect(vault.keys('server:')).toEqual([]);

    store.save(http('renamed', [{ name: 'X-Key', value: 'again', secret: true }]), 'renamed');
    expect(store.delete('renamed')).toBe(true);
    expect(vault.keys('server:')).toEqual([]);
  });
});

describe('openServerStore with a corrupt servers.json', () => {
  it('sets the file aside, starts empty and reports the problem once', () => {
    writeFileSync(join(folder(), 'servers.json'), '{ this is not json');
    const problems: string[] = [];
    const { store } = open(createMemoryVault(), problems);

    expect(store.list()).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('Your MCP server list could not be read');
    expect(problems[0]).toContain('no servers configured');
    const keptAside = readdirSync(folder()).filter((file) => file.includes('.corrupt-'));
    expect(keptAside).toHaveLength(1);
    expect(problems[0]).toContain(keptAside[0]);
    expect(readFileSync(join(folder(), keptAside[0] ?? ''), 'utf8')).toBe('{ this is not json');
  });

  it('sets aside a file of valid JSON with the wrong shape', () => {
    writeFileSync(join(folder(), 'servers.json'), JSON.stringify({ servers: [{ name: 42 }] }));
    const problems: string[] = [];
    const { store } = open(createMemoryVault(), problems);

    expect(store.list()).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('does not match the expected shape');
  });
});
