// The v2 client in auto mode reaches a server that speaks only 2026-07-28 (it refuses `initialize`)
// and a server that still answers the 2025 handshake, each at its own protocol version.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const eraServer = path.resolve(__dirname, '../fixtures/servers/eraServer.mjs');
// Built on the v1 SDK: it knows only the 2025 handshake.
const legacyServer = path.resolve(__dirname, '../fixtures/servers/fixtureServer.mjs');
const open: Client[] = [];

async function connect(era: '2025' | '2026', mode: 'auto' | 'legacy'): Promise<Client> {
  const client = new Client(
    { name: 'hearth-test', version: '0.0.0' },
    { versionNegotiation: { mode } },
  );
  open.push(client);
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [eraServer, `--era=${era}`] }),
  );
  return client;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close().catch(() => undefined)));
});

describe('protocol eras through the v2 client', () => {
  it('connects to a 2026-07-28-only server and calls its tool', async () => {
    const client = await connect('2026', 'auto');
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('echo');
    const result = await client.callTool({ name: 'echo', arguments: { text: 'hi' } });
    expect(result.content).toEqual([{ type: 'text', text: 'echo(2026): hi' }]);
  });

  it('a legacy-only handshake is refused by the 2026-only server', async () => {
    await expect(connect('2026', 'legacy')).rejects.toThrow(/protocol version/i);
  });

  it('auto mode falls back to initialize for a server that knows only the 2025 era', async () => {
    const client = new Client(
      { name: 'hearth-test', version: '0.0.0' },
      { versionNegotiation: { mode: 'auto' } },
    );
    open.push(client);
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [legacyServer] }),
    );
    expect(client.getNegotiatedProtocolVersion()).toMatch(/^2025-/);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'hi' } });
    expect(JSON.stringify(result.content)).toContain('hi');
  });

  it('still speaks 2025-11-25 to a server that answers initialize', async () => {
    const client = await connect('2025', 'legacy');
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    const result = await client.callTool({ name: 'echo', arguments: { text: 'hi' } });
    expect(result.content).toEqual([{ type: 'text', text: 'echo(2025): hi' }]);
  });
});
