import { describe, expect, it } from 'vitest';
import { parseImport } from '../../../electron/core/mcp/config/importExport';
import { readImportFixture } from './readFixture';

describe('parseImport with a Cursor mcp.json', () => {
  const parsed = parseImport(readImportFixture('cursorMcp.json'));
  const byName = new Map(parsed.servers.map((server) => [server.name, server]));

  it('recognises Cursor by its ${env:NAME} references', () => {
    expect(parsed.format).toBe('cursor');
    expect(parsed.errors).toEqual([]);
    expect(parsed.servers.map((server) => server.name)).toEqual([
      'supabase',
      'postgres',
      'notes',
      'context7',
    ]);
  });

  it('rewrites ${env:NAME} in arguments to Hearth’s ${NAME}', () => {
    expect(byName.get('supabase')?.config).toEqual({
      name: 'supabase',
      enabled: false,
      transport: {
        type: 'stdio',
        command: 'npx',
        args: [
          '-y',
          '@supabase/mcp-server-supabase@latest',
          '--access-token',
          '${SUPABASE_ACCESS_TOKEN}',
        ],
        env: [],
      },
    });
    expect(byName.get('supabase')?.notes).toEqual([]);
  });

  it('rewrites ${env:NAME} in env values and leaves a reference visible rather than secret', () => {
    expect(byName.get('postgres')?.config?.transport).toEqual({
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-postgres', '${DATABASE_URL}'],
      env: [
        { name: 'PGPASSWORD', value: '${PGPASSWORD}', secret: false },
        { name: 'PGSSLMODE', value: 'require', secret: false },
      ],
    });
  });

  it('keeps ${userHome} as text with a note naming Cursor', () => {
    expect(byName.get('notes')?.config?.transport).toMatchObject({
      args: ['${userHome}/mcp/notes/index.js'],
    });
    expect(byName.get('notes')?.notes).toEqual([
      '“${userHome}” in argument 1 only means something inside Cursor: replace it with a real value.',
    ]);
  });

  it('converts a url entry and rewrites ${env:NAME} in its headers', () => {
    expect(byName.get('context7')?.config?.transport).toEqual({
      type: 'http',
      url: 'https://mcp.context7.com/mcp',
      headers: [{ name: 'CONTEXT7_API_KEY', value: '${CONTEXT7_API_KEY}', secret: false }],
      protocol: 'auto',
    });
  });

  it('does not expand ${env:NAME} in a url, and says so', () => {
    const [server] = parseImport(
      JSON.stringify({ mcpServers: { a: { url: 'https://x.example.com/${env:TENANT}/mcp' } } }),
    ).servers;
    expect(server?.config?.transport).toMatchObject({
      url: 'https://x.example.com/${env:TENANT}/mcp',
    });
    expect(server?.notes).toEqual([
      'Hearth does not expand variables in the url: replace “${env:TENANT}” with its value.',
    ]);
  });
});
