import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRegistryClient } from '../../electron/core/registry/registryClient';
import { createRegistryService } from '../../electron/core/registry/registryService';
import { startTestRegistry, type TestRegistry } from '../fixtures/registry/registryServer';
import { createTestManager, eventually, type TestManager } from '../support/managerHarness';

// Plain http:// to another computer is not encrypted: Hearth neither installs nor connects to such
// a remote, and so never sends its secret header, unless the user allowed it for that server.
// The "other computer" here is 0.0.0.0, which is not loopback by its address (so Hearth treats it
// as remote) yet reaches a server listening on 127.0.0.1 on Linux and macOS: whatever Hearth sends
// there, the recorder sees.
interface Recorder {
  port: number;
  /** The Authorization header of every request that arrived. */
  authorizations: (string | undefined)[];
  close(): Promise<void>;
}

async function startRecorder(): Promise<Recorder> {
  const authorizations: (string | undefined)[] = [];
  const server: Server = createServer((request, response) => {
    authorizations.push(request.headers.authorization);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    authorizations,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(): Promise<{ recorder: Recorder; harness: TestManager; url: string }> {
  const recorder = await startRecorder();
  cleanups.push(() => recorder.close());
  const harness = createTestManager({ timing: { restartBaseMs: 60_000 } });
  cleanups.push(() => harness.manager.dispose());
  return { recorder, harness, url: `http://0.0.0.0:${recorder.port}/mcp` };
}

const secretHeader = { name: 'Authorization', value: 'Bearer s3cret-token', secret: true };

describe.skipIf(process.platform === 'win32')(
  'a remote at plain http:// on another computer',
  () => {
    it('is refused at connect when the user has not allowed it, and its secret header never leaves', async () => {
      const { recorder, harness, url } = await setUp();
      // As a hand-edited servers.json would have it: no allowance.
      const saved = await harness.manager.save({
        name: 'Clear',
        transport: { type: 'http', url, headers: [secretHeader], protocol: 'streamable-http' },
      });
      const status =
        saved.status.state === 'error'
          ? saved.status
          : await harness.waitForState('Clear', 'error');
      expect(status.error).toContain(
        'The address uses plain http:// to another computer (0.0.0.0), so the connection is not encrypted',
      );
      expect(status.error).toContain('allow an unencrypted connection for this server');
      await harness.manager.restart('Clear');
      expect(recorder.authorizations).toEqual([]);

      // Allowed for this server: Hearth connects, header and all (this is what the refusal kept in).
      await harness.manager.save(
        {
          name: 'Clear',
          transport: {
            type: 'http',
            url,
            headers: [{ name: 'Authorization', secret: true }],
            protocol: 'streamable-http',
            allowUnencrypted: true,
          },
        },
        'Clear',
      );
      await eventually(() => recorder.authorizations.length > 0);
      expect(recorder.authorizations[0]).toBe('Bearer s3cret-token');
    });

    it('installs from a registry only with the user’s leave, which the server keeps', async () => {
      const { recorder, harness, url } = await setUp();
      const registry: TestRegistry = await startTestRegistry({
        documents: [
          {
            server: {
              name: 'io.github.example/clear-remote',
              description: 'A remote without TLS',
              title: 'Clear remote',
              version: '1.0.0',
              remotes: [
                {
                  type: 'streamable-http',
                  url,
                  headers: [
                    {
                      name: 'Authorization',
                      value: 'Bearer {token}',
                      variables: { token: { isRequired: true, isSecret: true } },
                    },
                  ],
                },
              ],
            },
            _meta: {
              'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: true },
            },
          },
        ],
      });
      cleanups.push(() => registry.close());
      const service = createRegistryService({
        client: () => createRegistryClient({ baseUrl: registry.url }),
        servers: {
          list: () => harness.manager.list(),
          save: (config) => harness.manager.save(config),
        },
      });
      const detail = await service.server('io.github.example/clear-remote');
      expect(detail.options[0]).toMatchObject({ available: true, unencryptedHost: '0.0.0.0' });
      const request = {
        name: detail.name,
        version: detail.version,
        option: 'remote-0',
        serverName: detail.suggestedName,
        values: { 'header:Authorization/token': 's3cret-token' },
      };
      await expect(service.install(request)).rejects.toThrow(
        /^Not installed: The address uses plain http:\/\/ to another computer \(0\.0\.0\.0\), so the connection is not encrypted.*Install its https:\/\/ address if it has one, or allow the unencrypted connection for this server\.$/,
      );
      expect(harness.manager.list()).toEqual([]);
      expect(recorder.authorizations).toEqual([]);

      const entry = await service.install({ ...request, allowUnencrypted: true });
      expect(entry.config.transport).toMatchObject({ type: 'http', url, allowUnencrypted: true });
      await eventually(() => recorder.authorizations.length > 0);
      expect(recorder.authorizations[0]).toBe('Bearer s3cret-token');
    });
  },
);
