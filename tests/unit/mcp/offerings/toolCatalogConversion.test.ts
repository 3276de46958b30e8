import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import { createToolCatalog } from '../../../../electron/core/mcp/offerings/toolCatalog';

// Each tool is converted for Ollama once per definition: offering tools with every message
// stays cheap at a thousand tools, and a definition the server changes is converted again.
function catalogOver(tools: { current: Tool[] }) {
  const offerings = () => ({ tools: tools.current });
  const connection = { name: 'files', isReady: true, offerings, knownOfferings: offerings };
  return createToolCatalog({
    connections: () => [connection] as never,
    config: () => ({ tools: {} }) as never,
    consent: { toolApproval: () => undefined } as never,
  });
}

const readFile = (description: string): Tool => ({
  name: 'read_file',
  description,
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
});

describe('the Ollama form of catalog tools', () => {
  it('is reused while the server serves the same definitions', () => {
    const tools = { current: [readFile('Reads a file.')] };
    const catalog = catalogOver(tools);
    const [first] = catalog.forModel();
    const [again] = catalog.forModel();
    expect(again?.ollama).toBe(first?.ollama);
    expect(first?.ollama.function).toMatchObject({
      name: 'files_read_file',
      description: 'Reads a file.',
    });
  });

  it('follows a definition the server changed', () => {
    const tools = { current: [readFile('Reads a file.')] };
    const catalog = catalogOver(tools);
    catalog.forModel();
    tools.current = [readFile('Reads a file, now with line numbers.')];
    const [changed] = catalog.forModel();
    expect(changed?.ollama.function.description).toBe('Reads a file, now with line numbers.');
  });
});

describe('the catalog over many tools', () => {
  const tool = (name: string): Tool => ({ name, inputSchema: { type: 'object' } });
  // Offerings stay the same objects until a server lists again, as a connection's do.
  const served = (...tools: Tool[]) => {
    const offerings = { tools };
    return { offerings: () => offerings, knownOfferings: () => offerings };
  };
  function setup() {
    const servers = [
      { name: 'files', isReady: true, ...served(tool('read'), tool('write')) },
      { name: 'web', isReady: true, ...served(tool('fetch')) },
    ];
    const settings: Record<string, Record<string, { enabled: boolean; pinned?: boolean }>> = {
      files: {},
      web: {},
    };
    let lookups = 0;
    const catalog = createToolCatalog({
      connections: () => servers as never,
      config: (server) => {
        lookups++;
        return { tools: settings[server] ?? {} } as never;
      },
      consent: { toolApproval: () => undefined } as never,
    });
    return { servers, settings, catalog, lookups: () => lookups };
  }
  const names = (catalog: ReturnType<typeof setup>['catalog']) =>
    catalog.forModel().map((entry) => entry.modelName);

  it("reads each server's settings once per pass, not once per tool", () => {
    const { catalog, lookups } = setup();
    catalog.forModel();
    expect(lookups()).toBe(2);
    catalog.list();
    expect(lookups()).toBe(4);
  });

  it('follows settings changed while the offerings stay the same', () => {
    const { catalog, settings } = setup();
    expect(names(catalog)).toEqual(['files_read', 'files_write', 'web_fetch']);
    settings.files = { write: { enabled: false } };
    settings.web = { fetch: { enabled: true, pinned: true } };
    expect(names(catalog)).toEqual(['files_read', 'web_fetch']);
    expect(catalog.forModel().find((entry) => entry.modelName === 'web_fetch')?.pinned).toBe(true);
  });

  it('names the tools again when a server starts offering others', () => {
    const { catalog, servers } = setup();
    expect(names(catalog)).toEqual(['files_read', 'files_write', 'web_fetch']);
    servers.push({ name: 'more', isReady: true, ...served(tool('read')) });
    expect(names(catalog)).toEqual(['files_read', 'files_write', 'web_fetch', 'more_read']);
    expect(catalog.resolve('more_read')).toEqual({ server: 'more', tool: 'read' });
  });
});
