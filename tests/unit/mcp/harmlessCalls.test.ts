import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openConsentStore } from '../../../electron/core/mcp/config/consent';
import {
  createHarmlessCallsSwitch,
  policyText,
  sandboxBoundsCalls,
} from '../../../electron/core/mcp/config/harmlessCalls';
import {
  defaultSandboxPolicy,
  resolvePolicy,
  type LaunchedPolicy,
  type ResolvedPolicy,
  type SandboxReport,
} from '../../../electron/core/sandbox';
import { createMemoryVault } from '../../../electron/core/secrets/secretVault';
import {
  sandboxPolicySchema,
  type SandboxPolicy,
  type ServerConfig,
} from '../../../preload/schemas/servers';
import { useTempFolder } from './tempFolder';

const folder = useTempFolder();

function launched(policy: Partial<SandboxPolicy> = {}, roots: string[] = []): LaunchedPolicy {
  const stored = { ...defaultSandboxPolicy(), ...policy };
  const resolved = resolvePolicy(stored, {
    ownFolder: '/data/sandboxes/notes',
    command: '/usr/bin/node',
    env: {},
    roots,
    dataDir: '/data',
    home: '/users/someone',
  });
  return { policy: stored, resolved };
}

function config(policy: Partial<SandboxPolicy> = {}, roots: string[] = []): ServerConfig {
  return {
    name: 'notes',
    enabled: true,
    requestTimeoutMs: 60_000,
    tools: {},
    roots,
    transport: {
      type: 'stdio',
      command: '/usr/bin/node',
      args: ['server.js'],
      env: [],
      sandbox: { ...defaultSandboxPolicy(), ...policy },
    },
  };
}

/** The sandbox's side as the judge reads it: how the server runs, and under which policy. */
function running(state: SandboxReport['state'], under?: LaunchedPolicy) {
  return {
    report: () => ({ state, blocked: [] }),
    launchedWith: () => under,
  };
}

describe('the fingerprint a grant is given to', () => {
  // One source: every field of the stored policy and of what it resolves to is in the text the
  // grant signs. A field added to either fails to compile here until it has a changed value.
  const storedChanges: { [K in keyof SandboxPolicy]-?: SandboxPolicy[K] } = {
    enabled: false,
    denyRead: ['~/private'],
    allowWrite: ['/srv/out'],
    allowRead: ['~/.ssh/known_hosts'],
    allowHosts: ['example.com'],
    allowAllWrites: true,
    unsandboxedWhenUnavailable: true,
  };
  const resolvedChanges: { [K in keyof ResolvedPolicy]-?: ResolvedPolicy[K] } = {
    ownFolder: '/elsewhere',
    denyRead: ['/x'],
    allowRead: ['/y'],
    allowWrite: ['/z'],
    allowAllWrites: true,
    hosts: ['registry.npmjs.org'],
    ownHosts: ['example.com'],
    launcher: 'npx',
    env: { npm_config_cache: '/c' },
    home: '/users/other',
    madeFolders: ['/m'],
  };

  it('changes with every field of the stored policy, as its schema lists them', () => {
    expect(Object.keys(storedChanges).sort()).toEqual(
      Object.keys(sandboxPolicySchema.shape).sort(),
    );
    const base = launched();
    for (const [field, value] of Object.entries(storedChanges)) {
      const changed = { ...base, policy: { ...base.policy, [field]: value } };
      expect(policyText(changed), field).not.toBe(policyText(base));
    }
  });

  it('changes with every field the sandbox is launched with', () => {
    const base = launched();
    expect(Object.keys(resolvedChanges).sort()).toEqual(
      expect.arrayContaining(Object.keys(base.resolved).sort()),
    );
    for (const [field, value] of Object.entries(resolvedChanges)) {
      const changed = { ...base, resolved: { ...base.resolved, [field]: value } };
      expect(policyText(changed), field).not.toBe(policyText(base));
    }
  });

  it('is the same for the same policy, whatever order its fields come in', () => {
    const base = launched();
    const reordered = {
      resolved: Object.fromEntries(Object.entries(base.resolved).reverse()) as ResolvedPolicy,
      policy: Object.fromEntries(Object.entries(base.policy).reverse()) as SandboxPolicy,
    };
    expect(policyText(reordered)).toBe(policyText(base));
  });
});

describe('whether a sandbox bounds a server’s calls', () => {
  const judge = (
    policy: Partial<SandboxPolicy> = {},
    roots: string[] = [],
    state = 'on' as const,
  ) => sandboxBoundsCalls(config(policy, roots), running(state, launched(policy, roots)));

  it('allows a server running sandboxed with no host and no write beyond its own folder', () => {
    expect(judge()).toEqual({ allowed: true });
    // Hidden places added change nothing of what it can do to the world.
    expect(judge({ denyRead: ['~/private'] })).toEqual({ allowed: true });
  });

  it('says in words why not, for each condition broken', () => {
    expect(judge({ allowHosts: ['example.com'] })).toEqual({
      allowed: false,
      reason: 'It may reach the network (example.com).',
    });
    expect(judge({ allowAllWrites: true })).toEqual({
      allowed: false,
      reason: 'It may write anywhere.',
    });
    expect(judge({}, ['/users/someone/work'])).toEqual({
      allowed: false,
      reason: 'It may write outside its own folder (/users/someone/work).',
    });
    expect(judge({ allowWrite: ['~/out'] })).toMatchObject({ allowed: false });
    expect(judge({ enabled: false })).toEqual({
      allowed: false,
      reason: 'It does not run in the sandbox.',
    });
    expect(sandboxBoundsCalls(config(), running('unsandboxed'))).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/runs without the sandbox now/),
    });
    expect(sandboxBoundsCalls(config(), running('unavailable'))).toMatchObject({
      allowed: false,
      reason: 'The sandbox cannot run on this computer.',
    });
    expect(sandboxBoundsCalls(config(), undefined)).toMatchObject({ allowed: false });
  });

  it('judges by what the running server was launched with: a saved policy not yet started with is not it', () => {
    const wider = launched({ allowHosts: ['example.com'] });
    // Saved as harmless, still running under the earlier policy with a host.
    expect(sandboxBoundsCalls(config(), running('on', wider))).toEqual({
      allowed: false,
      reason: 'Its sandbox policy changed since it started. Restart it first.',
    });
  });

  it('never allows a launcher that fetches from the network (npx reaches the npm registry)', () => {
    const npx = {
      ...config(),
      transport: { ...config().transport, command: 'npx' },
    } as ServerConfig;
    const under = {
      policy: defaultSandboxPolicy(),
      resolved: resolvePolicy(defaultSandboxPolicy(), {
        ownFolder: '/data/sandboxes/notes',
        command: 'npx',
        env: {},
        roots: [],
        dataDir: '/data',
        home: '/users/someone',
      }),
    };
    expect(sandboxBoundsCalls(npx, running('on', under))).toEqual({
      allowed: false,
      reason: 'It may reach the network (registry.npmjs.org).',
    });
  });
});

describe('the grant', () => {
  function setup() {
    const dataDir = folder();
    const consent = openConsentStore({
      dataDir,
      vault: { ...createMemoryVault(), persistent: true },
      onProblem: () => undefined,
    });
    let under = launched();
    const logged: string[] = [];
    const toggle = createHarmlessCallsSwitch({
      store: { get: () => config(under.policy) },
      consent,
      sandbox: () => running('on', under),
      log: (_name, text) => void logged.push(text),
    });
    return { dataDir, consent, toggle, logged, runUnder: (next: LaunchedPolicy) => (under = next) };
  }

  it('is off by default, on when given, and taken back for good by a changed policy', () => {
    const { toggle, runUnder, logged } = setup();
    expect(toggle.state('notes')).toEqual({ on: false, allowed: true });
    expect(toggle.set('notes', true)).toEqual({ on: true, allowed: true });
    runUnder(launched({ denyRead: ['~/private'] }));
    expect(toggle.state('notes')).toEqual({ on: false, allowed: true });
    expect(logged.at(-1)).toMatch(/Its sandbox policy changed\. Its calls ask again/);
    // The earlier policy again: the grant was taken back, not kept for it.
    runUnder(launched());
    expect(toggle.state('notes')).toEqual({ on: false, allowed: true });
  });

  it('is refused in words where the sandbox does not bound the server', () => {
    const { toggle, runUnder } = setup();
    runUnder(launched({ allowHosts: ['example.com'] }));
    expect(() => toggle.set('notes', true)).toThrow(
      'Calls of “notes” still ask: It may reach the network (example.com).',
    );
  });

  it('cannot be written into the consent file by hand: it is signed with the consent key', () => {
    const { dataDir, consent } = setup();
    const file = join(dataDir, 'consent.json');
    consent.grantHarmlessCalls('other', 'whatever');
    const written = JSON.parse(readFileSync(file, 'utf8')) as {
      harmlessCalls: Record<string, string>;
    };
    written.harmlessCalls.notes = written.harmlessCalls.other ?? '';
    expect(written.harmlessCalls.notes).toMatch(/^[0-9a-f]{64}$/);
    writeFileSync(file, JSON.stringify(written));
    const reopened = openConsentStore({
      dataDir,
      vault: { ...createMemoryVault(), persistent: true },
      onProblem: () => undefined,
    });
    expect(reopened.harmlessCallsGrant('notes', policyText(launched()))).toBe('changed');
  });

  it('goes with the server when it is deleted or renamed', () => {
    const { consent } = setup();
    consent.grantHarmlessCalls('notes', 'p');
    consent.rename('notes', 'jottings');
    expect(consent.harmlessCallsGrant('jottings')).toBe('none');
    consent.grantHarmlessCalls('jottings', 'p');
    consent.forget('jottings');
    expect(consent.harmlessCallsGrant('jottings')).toBe('none');
  });
});
