import { describe, expect, it } from 'vitest';
import { parseImport } from '../../../electron/core/mcp/config/importExport';
import { readImportFixture } from './readFixture';

const NO_KNOWN_KEYS =
  'No MCP servers found: the file has none of “mcpServers” (Claude Desktop, Cursor), ' +
  '“servers” (VS Code mcp.json) or “mcp” → “servers” (VS Code settings.json).';

describe('parseImport with files it cannot use', () => {
  it('says where broken JSON goes wrong, without quoting the token next to it', () => {
    const parsed = parseImport(readImportFixture('brokenJson.txt'));
    expect(parsed).toEqual({
      servers: [],
      errors: ['This is not valid JSON: expected “,” or “}” but found “"” (line 6, column 7).'],
    });
    expect(parsed.errors[0]).not.toContain('ghp_');
  });

  it('calls plain text not valid JSON', () => {
    expect(parseImport('npx -y @modelcontextprotocol/server-github').errors).toEqual([
      'This is not valid JSON: expected a value but found “n” (line 1, column 1).',
    ]);
  });

  it('calls an empty file empty', () => {
    expect(parseImport(' \n').errors).toEqual(['This is not valid JSON: the file is empty.']);
  });

  it('names the keys it looked for when an object has none of them', () => {
    expect(parseImport(readImportFixture('empty.json'))).toEqual({
      servers: [],
      errors: [NO_KNOWN_KEYS],
    });
    expect(parseImport('{"editor.fontSize": 14}').errors).toEqual([NO_KNOWN_KEYS]);
  });

  it('says what the root is when it is not an object', () => {
    expect(parseImport(readImportFixture('nonObjectRoot.json')).errors).toEqual([
      'The file should hold a JSON object with the servers, but it holds a list.',
    ]);
    expect(parseImport('"mcpServers"').errors).toEqual([
      'The file should hold a JSON object with the servers, but it holds text.',
    ]);
  });

  it('says when the server map is not a map, keeping the format it saw', () => {
    expect(parseImport('{"mcpServers": []}')).toEqual({
      format: 'claude-desktop',
      servers: [],
      errors: ["“mcpServers” should map each server's name to its settings, but it is a list."],
    });
  });

  it('reports a file whose server map is empty', () => {
    expect(parseImport('{"servers": {}}')).toEqual({
      format: 'vscode',
      servers: [],
      errors: ['The file lists no servers.'],
    });
  });
});

describe('parseImport with entries it cannot fully use', () => {
  const parsed = parseImport(readImportFixture('unknownFields.json'));
  const byName = new Map(parsed.servers.map((server) => [server.name, server]));

  it('imports a server with unknown fields and notes each field it ignored', () => {
    expect(byName.get('sqlite')?.config?.transport).toEqual({
      type: 'stdio',
      command: 'uvx',
      args: ['mcp-server-sqlite', '--db-path', '/Users/someone/test.db'],
      env: [],
    });
    expect(byName.get('sqlite')?.notes).toEqual([
      'Ignored unknown field “autoApprove”.',
      'Ignored unknown field “timeout”.',
      'Ignored unknown field “alwaysAllow”.',
    ]);
  });

  it('skips entries it cannot convert, with a reason in plain words', () => {
    const reasons = Object.fromEntries(
      parsed.servers.filter((s) => !s.config).map((s) => [s.name, s.skipReason]),
    );
    expect(reasons).toEqual({
      'no-command': 'It has neither a “command” to run nor a “url” to connect to.',
      websocket: 'Its url “ws://localhost:8080/mcp” is not an http:// or https:// address.',
      'numeric-args': 'Its “args” should be a list of text values, but item 3 is a number.',
      'just-text': 'Its entry is text, not an object with a “command” or a “url”.',
      'bad-type':
        'Its type “websocket” is not one Hearth knows: stdio, http, streamable-http or sse.',
      'bad-env-name':
        'Hearth cannot use environment variable “MY-VAR”: variable names use letters, digits and underscores.',
      both: 'It has both a “command” and a “url”, so Hearth cannot tell whether to start it or connect to it.',
    });
  });

  it('skips an env value that is not text and names the variable', () => {
    const [server] = parseImport(
      '{"mcpServers": {"a": {"command": "node", "env": {"PORT": 3000}}}}',
    ).servers;
    expect(server?.skipReason).toBe(
      'Its “env” value for “PORT” should be text, but it is a number.',
    );
    expect(server?.config).toBeUndefined();
  });

  it('does not mistake a name inherited by every object for an input the file defines', () => {
    const [server] = parseImport(
      JSON.stringify({ servers: { a: { command: 'node', env: { TOKEN: '${input:toString}' } } } }),
    ).servers;
    expect(server?.config?.transport).toMatchObject({ env: [{ name: 'TOKEN', secret: true }] });
    expect(server?.notes).toEqual([
      'TOKEN needs a value: VS Code asked for it with the input “toString”, which the file does not define.',
    ]);
  });
});

describe('parseImport with names Hearth does not allow', () => {
  const parsed = parseImport(readImportFixture('awkwardNames.json'));
  const rule =
    'server names use letters, digits, spaces, dots, dashes and underscores, at most 64 characters.';

  it('cleans names and says what they were', () => {
    expect(parsed.servers.map((server) => [server.name, server.notes[0]])).toEqual([
      [
        'modelcontextprotocol-server-github',
        `Renamed from “@modelcontextprotocol/server-github”: ${rule}`,
      ],
      ['github -work', `Renamed from “github (work)”: ${rule}`],
      ['github-work', `Renamed from “github:work”: ${rule}`],
      ['github-work-2', `Renamed from “github/work”: ${rule}`],
      ['日本語', undefined],
      [
        'a-very-long-server-name-that-goes-on-and-on-well-past-the-limit',
        expect.stringContaining('Renamed from'),
      ],
    ]);
  });

  it('gives the second server with the same cleaned name a -2 suffix and says so', () => {
    const second = parsed.servers[3];
    expect(second?.config?.name).toBe('github-work-2');
    expect(second?.notes.at(-1)).toBe(
      'Another server in this file is also named “github-work”, so this one becomes “github-work-2”.',
    );
  });

  it('cuts long names to 64 characters', () => {
    expect(parsed.servers[5]?.name).toHaveLength(63);
    expect(parsed.servers.every((server) => server.name.length <= 64)).toBe(true);
  });

  it('skips a name with nothing usable left', () => {
    expect(parsed.servers[4]?.skipReason).toBe(
      'Its name “日本語” has no letters or digits Hearth can use in a server name.',
    );
  });
});

describe('parseImport with a large file', () => {
  it('converts all 200 servers of a large Claude config', () => {
    const parsed = parseImport(readImportFixture('manyServers.json'));
    expect(parsed.errors).toEqual([]);
    expect(parsed.servers).toHaveLength(200);
    expect(parsed.servers.filter((server) => server.config).length).toBe(200);
    expect(new Set(parsed.servers.map((server) => server.name)).size).toBe(200);
    expect(parsed.servers[3]?.config?.transport).toEqual({
      type: 'http',
      url: 'https://mcp4.example.com/mcp',
      headers: [{ name: 'X-Team', value: 'team-4', secret: false }],
      protocol: 'auto',
    });
  });
});
