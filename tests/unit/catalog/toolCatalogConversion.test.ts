import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import { createToolCatalog } from '../../../electron/core/mcp/toolCatalog';

// Each tool is converted for Ollama once per definition: offering tools with every message
// stays cheap at a thousand tools, and a definition the server changes is converted again.
function catalogOver(tools: { current: Tool[] }) {
  const connection = { name: 'files', offerings: () => ({ tools: tools.current }) };
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
