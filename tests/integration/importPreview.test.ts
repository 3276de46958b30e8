import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocketTransport } from '../../renderer/src/bridge/webSocketTransport';
import { connectRenderer } from '../support/rendererBridge';
import { startTestHost, type TestHost } from '../support/testHost';

// The import preview checks each server where the user will run it: a command on this PATH, an
// address that answers. A real loopback server answers (with 401); a closed port does not.
let host: TestHost | undefined;
let transport: WebSocketTransport | undefined;
const servers: Server[] = [];
afterEach(async () => {
  transport?.close();
  await host?.core.dispose();
  await host?.close();
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

async function listen(): Promise<string> {
  const server = createServer((_request, response) => response.writeHead(401).end());
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

async function closedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return `http://127.0.0.1:${port}/mcp`;
}

describe('the import preview', () => {
  it('marks a missing command and a silent address, and imports only the servers chosen', async () => {
    host = await startTestHost();
    const connected = connectRenderer(host);
    transport = connected.transport;
    const { api } = connected;
    const live = await listen();
    const closed = await closedAddress();
    const text = JSON.stringify({
      mcpServers: {
        good: { command: 'node', args: ['server.js'] },
        missing: { command: 'no-such-program-4711', args: [] },
        remote: { url: live },
        gone: { url: closed },
      },
    });
    const preview = await api.servers.import({ text }, { apply: false });
    const byName = Object.fromEntries(preview.items.map((item) => [item.name, item]));
    expect(byName.good?.problems).toBeUndefined();
    expect(byName.remote?.problems).toBeUndefined();
    expect(byName.missing?.problems?.[0]).toMatch(
      /could not find the command “no-such-program-4711”/,
    );
    expect(byName.gone?.problems?.[0]).toMatch(/Nothing answers at http:\/\/127\.0\.0\.1:\d+\/mcp/);

    const applied = await api.servers.import({ text }, { apply: true, only: ['good', 'remote'] });
    expect(
      applied.items.filter((item) => item.outcome === 'skipped').map((item) => item.name),
    ).toEqual(['missing', 'gone']);
    const names = (await api.servers.list()).map((entry) => entry.config.name);
    expect(names).toContain('good');
    expect(names).toContain('remote');
    expect(names).not.toContain('missing');
    expect(names).not.toContain('gone');
  });
});
