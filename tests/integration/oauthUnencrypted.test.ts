import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startOAuthFixture } from '../fixtures/oauth/oauthServer';
import { createTestManager } from '../support/managerHarness';

// A server's sign-in is held to the rule for the server's own address: plain http:// to another
// computer is refused unless the user allowed an unencrypted connection for that server. Here the
// authorization server's metadata names a registration endpoint at http://0.0.0.0 (not loopback
// by its address, so "another computer" to Hearth, yet it reaches the recorder on 127.0.0.1).
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startRecorder(): Promise<{ port: number; paths: string[] }> {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    paths.push(`${request.method} ${request.url}`);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { port: (server.address() as AddressInfo).port, paths };
}

describe.skipIf(process.platform === 'win32')('OAuth endpoints at plain http://', () => {
  it('on another computer are refused unless the server is allowed an unencrypted connection', async () => {
    const recorder = await startRecorder();
    const fixture = await startOAuthFixture({
      metadataOverrides: { registration_endpoint: `http://0.0.0.0:${recorder.port}/register` },
    });
    cleanups.push(() => fixture.close());
    const harness = createTestManager();
    cleanups.push(() => harness.manager.dispose());
    const transport = {
      type: 'http' as const,
      url: fixture.url,
      protocol: 'streamable-http' as const,
    };
    await harness.manager.save({ name: 'remote', transport });

    const refused = await harness.manager.signIn('remote');
    expect(refused.state).toBe('error');
    expect(refused.error).toContain(
      'The address uses plain http:// to another computer (0.0.0.0), so the connection is not encrypted',
    );
    expect(recorder.paths).toEqual([]);

    // Allowed for this server: its sign-in may use that network too.
    await harness.manager.save(
      { name: 'remote', transport: { ...transport, allowUnencrypted: true } },
      'remote',
    );
    await harness.manager.signIn('remote');
    expect(recorder.paths).toEqual(['POST /register']);
  });
});
