import { describe, expect, it } from 'vitest';
import { parseImport } from '../../../electron/core/mcp/config/importExport';
import { readImportFixture } from './readFixture';

describe('parseImport with a VS Code mcp.json', () => {
  const parsed = parseImport(readImportFixture('vscodeMcp.jsonc'));
  const byName = new Map(parsed.servers.map((server) => [server.name, server]));

  it('reads the JSONC file with comments and trailing commas as VS Code', () => {
    expect(parsed.errors).toEqual([]);
    expect(parsed.format).toBe('vscode');
    expect(parsed.servers.map((server) => server.name)).toEqual([
      'github',
      'perplexity',
      'fetch',
      'workspace-files',
      'legacy-sse',
    ]);
  });

  it('turns a header built from a password input into an empty secret the user must fill in', () => {
    expect(byName.get('github')).toEqual({
      name: 'github',
      config: {
        name: 'github',
        enabled: false,
        transport: {
          type: 'http',
          url: 'https://api.githubcopilot.com/mcp/',
          headers: [{ name: 'Authorization', secret: true }],
          protocol: 'auto',
        },
      },
      notes: [
        'Header “Authorization” needs a value: VS Code built it as “Bearer ${input:github-token}”, ' +
          'asking with the prompt “GitHub Personal Access Token”.',
      ],
    });
  });

  it('turns input references in env into variables without a value, secret only for password inputs', () => {
    expect(byName.get('perplexity')?.config?.transport).toEqual({
      type: 'stdio',
      command: 'npx',
      args: ['-y', 'server-perplexity-ask'],
      env: [
        { name: 'PERPLEXITY_API_KEY', secret: true },
        { name: 'AWS_REGION', secret: false },
        { name: 'HOME_DIR', value: '${HOME}', secret: false },
      ],
    });
    expect(byName.get('perplexity')?.notes).toEqual([
      'PERPLEXITY_API_KEY needs a value: VS Code asked for it with the prompt “Perplexity API Key”.',
      'AWS_REGION needs a value: VS Code asked for it with the prompt “AWS region, e.g. us-east-1”.',
    ]);
  });

  it('leaves // inside a string alone while stripping comments', () => {
    expect(byName.get('fetch')?.config?.transport).toMatchObject({
      args: ['mcp-server-fetch', '--user-agent=https://example.com/bot // not a comment'],
    });
    expect(byName.get('fetch')?.notes).toEqual([]);
  });

  it('keeps VS Code-only variables as text and says where they need a real value', () => {
    expect(byName.get('workspace-files')?.config?.transport).toEqual({
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '${workspaceFolder}'],
      env: [],
      cwd: '${workspaceFolder}',
    });
    expect(byName.get('workspace-files')?.notes).toEqual([
      'Ignored unknown field “dev”.',
      "Hearth does not read “envFile” (“${workspaceFolder}/.env”): add those variables to the server's environment yourself.",
      '“${workspaceFolder}” in argument 3 only means something inside VS Code: replace it with a real value.',
      '“${workspaceFolder}” in the working directory only means something inside VS Code: replace it with a real value.',
    ]);
  });

  it('keeps the sse type as the SSE protocol', () => {
    expect(byName.get('legacy-sse')?.config?.transport).toEqual({
      type: 'http',
      url: 'http://localhost:3001/sse',
      headers: [],
      protocol: 'sse',
    });
  });

  it('names an input the file does not define and keeps its variable secret to be safe', () => {
    const [server] = parseImport(
      JSON.stringify({ servers: { a: { command: 'node', env: { TOKEN: '${input:missing}' } } } }),
    ).servers;
    expect(server?.config?.transport).toMatchObject({ env: [{ name: 'TOKEN', secret: true }] });
    expect(server?.notes).toEqual([
      'TOKEN needs a value: VS Code asked for it with the input “missing”, which the file does not define.',
    ]);
  });

  it('says that an input used in an argument cannot be asked for', () => {
    const [server] = parseImport(
      JSON.stringify({
        inputs: [{ type: 'promptString', id: 'key', description: 'API key', password: true }],
        servers: { a: { command: 'node', args: ['--key', '${input:key}'] } },
      }),
    ).servers;
    expect(server?.config?.transport).toMatchObject({ args: ['--key', '${input:key}'] });
    expect(server?.notes).toEqual([
      'Argument 2 uses the prompt “API key”, which VS Code asked for and Hearth cannot: replace “${input:key}” with the value.',
    ]);
  });

  it('reads servers from the mcp section of a settings.json', () => {
    const settings = parseImport(readImportFixture('vscodeSettings.jsonc'));
    expect(settings.format).toBe('vscode');
    expect(settings.errors).toEqual([]);
    expect(settings.servers).toEqual([
      {
        name: 'memory',
        config: {
          name: 'memory',
          enabled: false,
          transport: {
            type: 'stdio',
            command: 'npx',
            args: ['-y', '@modelcontextprotocol/server-memory'],
            env: [],
          },
        },
        notes: [],
      },
    ]);
  });
});
