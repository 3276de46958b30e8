import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StdioTransportConfig } from '../../../preload/schemas/servers';
import { missingMessage } from '../../../electron/core/programs/resolveCommand';
import {
  planStdioLaunch,
  type LaunchContext,
} from '../../../electron/core/mcp/transport/configTransports';

const nodeFolder = dirname(process.execPath);

function config(change: Partial<StdioTransportConfig> = {}): StdioTransportConfig {
  return { type: 'stdio', command: process.execPath, args: [], env: [], ...change };
}

function context(environment: NodeJS.ProcessEnv = {}): LaunchContext {
  return {
    platform: process.platform,
    environment: { PATH: nodeFolder, HEARTH_CANARY: 'must-not-leak', ...environment },
  };
}

function planned(result: ReturnType<typeof planStdioLaunch>) {
  if (!result.ok) throw new Error(`expected a plan, got: ${result.message}`);
  return result.value;
}

describe('planStdioLaunch', () => {
  it('refuses a secret with no stored value, naming it', () => {
    const result = planStdioLaunch(
      config({ env: [{ name: 'API_TOKEN', secret: true }] }),
      context(),
    );
    expect(result).toEqual({
      ok: false,
      message:
        'Give “API_TOKEN” a value in the server’s settings: it is a secret with no value stored.',
    });
  });

  it('names every secret without a value', () => {
    const result = planStdioLaunch(
      config({
        env: [
          { name: 'ONE', secret: true },
          { name: 'TWO', secret: true },
          { name: 'SET', value: 'x', secret: true },
        ],
      }),
      context(),
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain('“ONE” and “TWO”');
    expect(!result.ok && result.message).not.toContain('SET');
  });

  it('refuses a ${VAR} that the environment does not set, naming it', () => {
    const result = planStdioLaunch(config({ args: ['--dir=${WORK_DIR}'] }), context());
    expect(result).toEqual({
      ok: false,
      message: 'The configuration uses “${WORK_DIR}”, which is not set in Hearth’s environment.',
    });
  });

  it('names each missing variable once, wherever it is used', () => {
    const result = planStdioLaunch(
      config({
        args: ['${A}', '${B}'],
        env: [{ name: 'X', value: '${A}', secret: false }],
      }),
      context(),
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toBe(
      'The configuration uses “${A}” and “${B}”, which are not set in Hearth’s environment.',
    );
  });

  it('expands variables in the command, the arguments and the env values', () => {
    const launch = planned(
      planStdioLaunch(
        config({
          command: '${NODE_BINARY}',
          args: ['${SCRIPT}', '--literal=$${SCRIPT}'],
          env: [
            { name: 'FROM_ENV', value: 'at ${PLACE}', secret: false },
            { name: 'SECRET', value: 'key-${PLACE}', secret: true },
          ],
        }),
        context({ NODE_BINARY: process.execPath, SCRIPT: 'server.js', PLACE: 'home' }),
      ),
    );
    expect(launch.file).toBe(process.execPath);
    expect(launch.args).toEqual(['server.js', '--literal=${SCRIPT}']);
    expect(launch.env.FROM_ENV).toBe('at home');
    expect(launch.env.SECRET).toBe('key-home');
  });

  it('gives the child only the SDK defaults, PATH and the server’s own env', () => {
    const launch = planned(
      planStdioLaunch(
        config({ env: [{ name: 'OWN', value: 'mine', secret: false }] }),
        context({ PATH: `${nodeFolder}:/login/shell/bin` }),
      ),
    );
    // The defaults come from the launch environment given, not from this process's.
    expect(launch.env).toEqual({ PATH: `${nodeFolder}:/login/shell/bin`, OWN: 'mine' });
    expect(launch.env).not.toHaveProperty('HEARTH_CANARY');
    expect(Object.values(launch.env)).not.toContain('must-not-leak');
  });

  it('passes how this computer reaches the network: extra certificate authorities and proxies', () => {
    const launch = planned(
      planStdioLaunch(
        config(),
        context({
          NODE_EXTRA_CA_CERTS: '/etc/company-ca.pem',
          HTTPS_PROXY: 'http://proxy.internal:3128',
          NO_PROXY: 'localhost',
          SSL_CERT_FILE: '() { evil; }',
        }),
      ),
    );
    expect(launch.env).toMatchObject({
      NODE_EXTRA_CA_CERTS: '/etc/company-ca.pem',
      HTTPS_PROXY: 'http://proxy.internal:3128',
      NO_PROXY: 'localhost',
    });
    expect(launch.env).not.toHaveProperty('SSL_CERT_FILE');
  });

  it('takes HOME and USER from the launch environment, but not an exported shell function', () => {
    const launch = planned(
      planStdioLaunch(
        config(),
        context({ HOME: '/users/someone', USER: 'someone', SHELL: '() { evil; }' }),
      ),
    );
    expect(launch.env).toMatchObject({ HOME: '/users/someone', USER: 'someone' });
    expect(launch.env).not.toHaveProperty('SHELL');
  });

  it('lets the server’s own env override PATH', () => {
    const launch = planned(
      planStdioLaunch(
        config({ env: [{ name: 'PATH', value: '/only/this', secret: false }] }),
        context(),
      ),
    );
    expect(launch.env.PATH).toBe('/only/this');
  });

  it('passes the working folder on, and none when it is empty', () => {
    expect(planned(planStdioLaunch(config({ cwd: nodeFolder }), context())).cwd).toBe(nodeFolder);
    expect(planned(planStdioLaunch(config({ cwd: '' }), context())).cwd).toBeUndefined();
    expect(planned(planStdioLaunch(config(), context())).cwd).toBeUndefined();
  });

  it.skipIf(process.platform === 'win32')('finds a bare command on the given PATH', () => {
    const name = process.execPath.slice(nodeFolder.length + 1);
    expect(planned(planStdioLaunch(config({ command: name }), context())).file).toBe(
      process.execPath,
    );
  });

  it.skipIf(process.platform === 'win32')(
    'gives the resolveCommand message for a command that is on no PATH folder',
    () => {
      const result = planStdioLaunch(
        config({ command: 'hearth-no-such-command' }),
        context({ PATH: '/nowhere/one:/nowhere/two' }),
      );
      expect(result).toEqual({
        ok: false,
        message: missingMessage('hearth-no-such-command', ['/nowhere/one', '/nowhere/two']),
      });
      expect(!result.ok && result.message).toContain(
        'Hearth could not find the command “hearth-no-such-command”.',
      );
    },
  );
});
