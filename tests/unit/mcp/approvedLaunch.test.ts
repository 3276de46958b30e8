import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  envVariableSchema,
  sandboxPolicySchema,
  stdioTransportSchema,
  type EnvVariable,
  type SandboxPolicy,
  type StdioTransportConfig,
} from '../../../preload/schemas/servers';
import {
  approvedLaunch,
  fingerprintForm,
  NOT_WHAT_RUNS,
  VARIABLE_NOT_WHAT_RUNS,
} from '../../../electron/core/mcp/config/approvedLaunch';
import { openConsentStore } from '../../../electron/core/mcp/config/consent';
import { planStdioLaunch } from '../../../electron/core/mcp/transport/configTransports';
import { createMemoryVault, type SecretVault } from '../../../electron/core/secrets/secretVault';
import { useTempFolder } from './tempFolder';

const folder = useTempFolder();

const sandbox: SandboxPolicy = {
  enabled: true,
  denyRead: ['~/private'],
  allowWrite: ['~/out'],
  allowRead: ['~/private/shared'],
  allowHosts: ['example.com'],
  allowAllWrites: false,
  unsandboxedWhenUnavailable: false,
};

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
    sandbox,
    ...change,
  };
}

const fingerprint = (config: StdioTransportConfig) =>
  JSON.stringify(fingerprintForm('acme', config));

/** Shape keys of a zod object schema: the one list of the config's fields. */
const fieldsOf = (schema: { shape: object }) => Object.keys(schema.shape).sort();

/**
 * A change to each field that can change what runs. A field the config gains is in neither this
 * table nor the exclusions until someone decides which it is, and the first test fails till then.
 */
const changedField: Record<string, Partial<StdioTransportConfig>> = {
  command: { command: 'node' },
  args: { args: ['-y', '@acme/server@2'] },
  env: { env: [{ name: 'MODE', value: 'slow', secret: false }] },
  cwd: { cwd: '/srv/other' },
  sandbox: { sandbox: { ...sandbox, enabled: false } },
};
const changedVariable: Record<string, Partial<EnvVariable>> = {
  name: { name: 'MODE2' },
  value: { value: 'slow' },
};
const changedPolicy: Record<string, Partial<SandboxPolicy>> = {
  enabled: { enabled: false },
  denyRead: { denyRead: [] },
  allowWrite: { allowWrite: ['~/elsewhere'] },
  allowRead: { allowRead: [] },
  allowHosts: { allowHosts: ['example.org'] },
  allowAllWrites: { allowAllWrites: true },
  unsandboxedWhenUnavailable: { unsandboxedWhenUnavailable: true },
};

describe('the launch as approved', () => {
  it('classifies every field of the stdio config: what runs, or named as unable to change it', () => {
    const classified = [...Object.keys(changedField), ...Object.keys(NOT_WHAT_RUNS)].sort();
    expect(classified).toEqual(fieldsOf(stdioTransportSchema));
  });

  it('classifies every field of a variable and of the sandbox policy', () => {
    const variable = [...Object.keys(changedVariable), ...Object.keys(VARIABLE_NOT_WHAT_RUNS)];
    expect(variable.sort()).toEqual(fieldsOf(envVariableSchema));
    expect(Object.keys(changedPolicy).sort()).toEqual(fieldsOf(sandboxPolicySchema));
  });

  it.each(Object.entries(changedField))('signs a change of %s', (_, change) => {
    expect(fingerprint(launch(change))).not.toBe(fingerprint(launch()));
  });

  it.each(Object.entries(changedVariable))('signs a change of a variable’s %s', (_, change) => {
    const env = launch().env.map((variable, index) =>
      index ? variable : { ...variable, ...change },
    );
    const changed = launch({ env });
    expect(fingerprint(changed)).not.toBe(fingerprint(launch()));
  });

  it.each(Object.entries(changedPolicy))('signs a change of the sandbox’s %s', (_, change) => {
    expect(fingerprint(launch({ sandbox: { ...sandbox, ...change } }))).not.toBe(
      fingerprint(launch()),
    );
  });

  it('leaves out only what cannot change what runs', () => {
    const keptInVault = launch({
      env: launch().env.map((variable) => ({ ...variable, secret: !variable.secret })),
    });
    expect(fingerprint(keptInVault)).toBe(fingerprint(launch()));
    expect(approvedLaunch(launch())).not.toHaveProperty('type');
    expect(fingerprintForm('acme', approvedLaunch(launch()))).toEqual(
      fingerprintForm('acme', launch()),
    );
  });

  it('signs a field the config gains once it is set, and keeps approvals while it is unset', () => {
    const gained = (value: unknown) => ({ ...launch(), nice: value }) as StdioTransportConfig;
    expect(fingerprint(gained(undefined))).toBe(fingerprint(launch()));
    expect(fingerprint(gained(10))).not.toBe(fingerprint(launch()));
    expect(fingerprint(gained(10))).not.toBe(fingerprint(gained(11)));
  });

  it('is what the launch plans from', () => {
    const planned = planStdioLaunch(approvedLaunch(launch({ command: process.execPath })), {
      platform: process.platform,
      environment: { PATH: '' },
    });
    expect(planned.ok && planned.value).toMatchObject({
      file: process.execPath,
      args: ['-y', '@acme/server'],
      cwd: '/srv/acme',
      env: expect.objectContaining({ MODE: 'fast', TOKEN: 'secret-one' }) as unknown,
    });
  });
});

/** Yesterday's fingerprint, exactly as Hearth signed launches before approvedLaunch existed. */
function signedBefore(key: string, server: string, launch: StdioTransportConfig): string {
  return createHmac('sha256', key)
    .update(
      JSON.stringify([
        server,
        launch.command,
        launch.args,
        launch.env.map((entry) => [entry.name, entry.value ?? '']),
        launch.cwd ?? null,
        ...(launch.sandbox ? [launch.sandbox] : []),
      ]),
    )
    .digest('hex');
}

describe('approvals given before the launch had one description', () => {
  const key = randomBytes(32).toString('hex');
  const vault = (): SecretVault => {
    const memory = { ...createMemoryVault(), persistent: true };
    memory.set('consent:hmac-key', key);
    return memory;
  };

  it.each([
    ['a sandboxed launch', launch()],
    ['a launch without sandbox or folder', launch({ sandbox: undefined, cwd: undefined })],
    [
      'a secret with no value stored',
      launch({ env: [{ name: 'TOKEN', value: undefined, secret: true }] }),
    ],
  ])('stay valid for %s', (_, config) => {
    const consent = openConsentStore({ dataDir: folder(), vault: vault(), onProblem: () => {} });
    consent.approveLaunch('acme', signedBefore(key, 'acme', config));
    expect(consent.launchState('acme', config)).toBe('approved');
    expect(consent.launchFingerprint('acme', config)).toBe(signedBefore(key, 'acme', config));
    expect(consent.launchState('acme', { ...config, command: 'node' })).toBe('changed');
  });
});
