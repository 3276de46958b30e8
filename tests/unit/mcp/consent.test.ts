import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StdioTransportConfig } from '../../../preload/schemas/servers';
import {
  consentKeyFolder,
  openConsentStore,
  riskyVariables,
  type ToolApproval,
} from '../../../electron/core/mcp/config/consent';
import { createMemoryVault, type SecretVault } from '../../../electron/core/secrets/secretVault';
import { useTempFolder } from './tempFolder';

const folder = useTempFolder();

/** A vault that says it persists, as the keychain-backed one of the desktop app does. */
function keychainVault(): SecretVault {
  return { ...createMemoryVault(), persistent: true };
}

function open(vault: SecretVault = keychainVault(), dataDir = folder()) {
  return openConsentStore({ dataDir, vault, onProblem: () => undefined });
}

function launch(change: Partial<StdioTransportConfig> = {}): StdioTransportConfig {
  return {
    type: 'stdio',
    command: 'npx',
    args: ['-y', '@acme/server'],
    env: [
      { name: 'MODE', value: 'fast', secret: false },
      { name: 'TOKEN', value: 'secret-one', secret: true },
    ],
    cwd: '/srv/acme',
    ...change,
  };
}

const approval: ToolApproval = {
  fingerprint: 'tool-fingerprint',
  snapshot: { description: 'Reads a file', inputSchema: { type: 'object' }, annotations: {} },
};

describe('launch consent', () => {
  it('requires approval before any is given', () => {
    expect(open().launchState('acme', launch())).toBe('required');
  });

  it('is approved after approving exactly this launch', () => {
    const consent = open();
    consent.approveLaunch('acme', consent.launchFingerprint('acme', launch()));
    expect(consent.launchState('acme', launch())).toBe('approved');
  });

  it('stays approved for another server only once that server is approved too', () => {
    const consent = open();
    consent.approveLaunch('acme', consent.launchFingerprint('acme', launch()));
    expect(consent.launchState('other', launch())).toBe('required');
  });

  const changes: [string, Partial<StdioTransportConfig>][] = [
    ['the command', { command: 'node' }],
    ['the first argument', { args: ['-x', '@acme/server'] }],
    ['the last argument', { args: ['-y', '@acme/server@2'] }],
    ['an added argument', { args: ['-y', '@acme/server', '--debug'] }],
    [
      'an env name',
      {
        env: [
          { name: 'MODE2', value: 'fast', secret: false },
          { name: 'TOKEN', value: 'secret-one', secret: true },
        ],
      },
    ],
    [
      'a plain env value',
      {
        env: [
          { name: 'MODE', value: 'slow', secret: false },
          { name: 'TOKEN', value: 'secret-one', secret: true },
        ],
      },
    ],
    [
      'a secret env value',
      {
        env: [
          { name: 'MODE', value: 'fast', secret: false },
          { name: 'TOKEN', value: 'secret-two', secret: true },
        ],
      },
    ],
    ['the working folder', { cwd: '/srv/other' }],
    ['a removed working folder', { cwd: undefined }],
  ];
  it.each(changes)('reports a change when %s changes', (_what, change) => {
    const consent = open();
    consent.approveLaunch('acme', consent.launchFingerprint('acme', launch()));
    expect(consent.launchState('acme', launch(change))).toBe('changed');
  });

  it('gives different fingerprints for the same launch under two vaults', () => {
    const first = open(keychainVault());
    const second = open(keychainVault());
    expect(first.launchFingerprint('acme', launch())).not.toBe(
      second.launchFingerprint('acme', launch()),
    );
  });

  it('does not accept an approval written under another vault', () => {
    const approvedElsewhere = open(keychainVault());
    const consent = open(keychainVault());
    consent.approveLaunch('acme', approvedElsewhere.launchFingerprint('acme', launch()));
    expect(consent.launchState('acme', launch())).toBe('changed');
  });

  it('keeps fingerprints and approvals when the store is reopened with the same vault', () => {
    const vault = createMemoryVault();
    const first = open(vault);
    const fingerprint = first.launchFingerprint('acme', launch());
    first.approveLaunch('acme', fingerprint);

    const reopened = open(vault);
    expect(reopened.launchFingerprint('acme', launch())).toBe(fingerprint);
    expect(reopened.launchState('acme', launch())).toBe('approved');
  });

  it('keeps its HMAC key in the vault, not in the data folder', () => {
    const vault = keychainVault();
    const dataDir = folder();
    open(vault, dataDir).launchFingerprint('acme', launch());
    expect(vault.keys('consent:')).toEqual(['consent:hmac-key']);
    expect(existsSync(join(dataDir, 'consent.key'))).toBe(false);
  });

  it('without a keychain, keeps the key in an owner-only file outside the data folder', () => {
    const dataDir = folder();
    const first = open(createMemoryVault(), dataDir);
    first.approveLaunch('acme', first.launchFingerprint('acme', launch()));
    // A new process: a new memory vault, the same data folder.
    expect(open(createMemoryVault(), dataDir).launchState('acme', launch())).toBe('approved');
    const keyFile = join(consentKeyFolder(dataDir), 'consent.key');
    expect(keyFile.startsWith(`${dataDir}/`)).toBe(false);
    expect(existsSync(join(dataDir, 'consent.key'))).toBe(false);
    if (process.platform !== 'win32') {
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(statSync(consentKeyFolder(dataDir)).mode & 0o777).toBe(0o700);
    }
  });

  it('moves a key kept in the data folder out of it, keeping the approvals it signed', () => {
    const dataDir = folder();
    const first = open(createMemoryVault(), dataDir);
    first.approveLaunch('acme', first.launchFingerprint('acme', launch()));
    // As an earlier version left it: the key beside the approvals.
    const keyFile = join(consentKeyFolder(dataDir), 'consent.key');
    writeFileSync(join(dataDir, 'consent.key'), readFileSync(keyFile));
    rmSync(consentKeyFolder(dataDir), { recursive: true });
    expect(open(createMemoryVault(), dataDir).launchState('acme', launch())).toBe('approved');
    expect(existsSync(join(dataDir, 'consent.key'))).toBe(false);
    expect(existsSync(keyFile)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['cut short', 'abc123'],
  ])('never signs with a key file that is %s: approvals are asked for again', (_label, content) => {
    const dataDir = folder();
    const first = open(createMemoryVault(), dataDir);
    first.approveLaunch('acme', first.launchFingerprint('acme', launch()));
    const keyFile = join(consentKeyFolder(dataDir), 'consent.key');
    writeFileSync(keyFile, content);
    const reopened = open(createMemoryVault(), dataDir);
    expect(reopened.launchState('acme', launch())).toBe('changed');
    expect(readFileSync(keyFile, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('tool approvals', () => {
  it('sets and clears an approval for one tool of one server', () => {
    const consent = open();
    expect(consent.toolApproval('acme', 'read')).toBeUndefined();

    consent.setToolApproval('acme', 'read', approval);
    expect(consent.toolApproval('acme', 'read')).toEqual(approval);
    expect(consent.toolApproval('acme', 'write')).toBeUndefined();
    expect(consent.toolApproval('other', 'read')).toBeUndefined();

    consent.setToolApproval('acme', 'read', undefined);
    expect(consent.toolApproval('acme', 'read')).toBeUndefined();
  });

  it('keeps tool approvals when the store is reopened', () => {
    const vault = createMemoryVault();
    open(vault).setToolApproval('acme', 'read', approval);
    expect(open(vault).toolApproval('acme', 'read')).toEqual(approval);
  });
});

describe('forget and rename', () => {
  it('forgets the launch approval and every tool approval of a server', () => {
    const consent = open();
    consent.approveLaunch('acme', consent.launchFingerprint('acme', launch()));
    consent.setToolApproval('acme', 'read', approval);
    consent.approveLaunch('other', consent.launchFingerprint('other', launch()));

    consent.forget('acme');
    expect(consent.launchState('acme', launch())).toBe('required');
    expect(consent.toolApproval('acme', 'read')).toBeUndefined();
    expect(consent.launchState('other', launch())).toBe('approved');
  });

  it('drops the launch approval on rename but moves the tool approvals', () => {
    const consent = open();
    consent.approveLaunch('acme', consent.launchFingerprint('acme', launch()));
    consent.setToolApproval('acme', 'read', approval);

    consent.rename('acme', 'acme-2');
    expect(consent.launchState('acme-2', launch())).toBe('required');
    expect(consent.launchState('acme', launch())).toBe('required');
    expect(consent.toolApproval('acme-2', 'read')).toEqual(approval);
    expect(consent.toolApproval('acme', 'read')).toBeUndefined();
  });

  it('gives a different fingerprint to the same launch under another server name', () => {
    const consent = open();
    expect(consent.launchFingerprint('acme', launch())).not.toBe(
      consent.launchFingerprint('acme-2', launch()),
    );
  });
});

describe('riskyVariables', () => {
  const risky = [
    'NODE_OPTIONS',
    'LD_PRELOAD',
    'DYLD_INSERT_LIBRARIES',
    'PYTHONPATH',
    'PATH',
    'BASH_ENV',
    'JAVA_TOOL_OPTIONS',
  ];
  it.each(risky)('flags %s with a reason that names it', (name) => {
    const [found, ...rest] = riskyVariables([name]);
    expect(rest).toEqual([]);
    expect(found?.name).toBe(name);
    expect(found?.reason.startsWith(`${name} `)).toBe(true);
    expect(found?.reason.length).toBeGreaterThan(name.length + 10);
  });

  it.each(risky.map((name) => name.toLowerCase()))('flags lower-case %s too', (name) => {
    expect(riskyVariables([name]).map((found) => found.name)).toEqual([name]);
  });

  it('leaves ordinary names alone and keeps the order of the risky ones', () => {
    expect(riskyVariables(['API_KEY', 'HOME', 'NODE_ENV', 'MY_PATH', 'PATHS'])).toEqual([]);
    expect(
      riskyVariables(['API_KEY', 'PATH', 'HOME', 'NODE_OPTIONS']).map((found) => found.name),
    ).toEqual(['PATH', 'NODE_OPTIONS']);
  });

  it('explains what NODE_OPTIONS does', () => {
    expect(riskyVariables(['NODE_OPTIONS'])[0]?.reason).toBe(
      'NODE_OPTIONS makes Node.js load extra code (--require, --import) before the server.',
    );
  });
});

describe('command rules', () => {
  const rule = { server: 'hearth', tool: 'run_shell_command', kind: 'prefix' as const, text: 'ls' };

  it('keeps the rules given through the app, across a restart', () => {
    const vault = keychainVault();
    const dataDir = folder();
    open(vault, dataDir).addCommandRule(rule);
    expect(open(vault, dataDir).commandRules()).toEqual([rule]);
    expect(open(vault, dataDir).removeCommandRule(rule)).toBe(true);
    expect(open(vault, dataDir).commandRules()).toEqual([]);
  });

  it('ignores a rule written into the file by hand, or one whose text was changed there', () => {
    const vault = keychainVault();
    const dataDir = folder();
    open(vault, dataDir).addCommandRule(rule);
    const file = join(dataDir, 'consent.json');
    const data = JSON.parse(readFileSync(file, 'utf8')) as {
      commandRules: Record<string, Record<string, { kind: string; text: string; mac: string }[]>>;
    };
    const rules = data.commandRules.hearth?.run_shell_command ?? [];
    rules.push({ kind: 'prefix', text: 'curl', mac: 'f'.repeat(64) });
    if (rules[0]) rules[0].text = 'rm';
    writeFileSync(file, JSON.stringify(data));
    expect(open(vault, dataDir).commandRules()).toEqual([]);
  });

  it('moves a server’s rules with it when it is renamed, and forgets them with it', () => {
    const store = open();
    store.addCommandRule({ ...rule, server: 'tools' });
    store.rename('tools', 'shell');
    expect(store.commandRules()).toEqual([{ ...rule, server: 'shell' }]);
    store.forget('shell');
    expect(store.commandRules()).toEqual([]);
  });
});
