import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import { createToolCatalog } from '../../../../electron/core/mcp/offerings/toolCatalog';
import { toolVisibleTo } from '../../../../electron/core/mcp/offerings/uiResources/toolVisibility';

// MCP Apps: a tool a server marks as visible to its app only is never offered to the model.
const tool = (name: string, visibility?: string[]): Tool => ({
  name,
  inputSchema: { type: 'object' },
  ...(visibility ? { _meta: { ui: { resourceUri: 'ui://demo/app.html', visibility } } } : {}),
});

const tools = [
  tool('plain'),
  tool('app_only', ['app']),
  tool('both', ['model', 'app']),
  tool('model_only', ['model']),
];

describe('MCP Apps tool visibility', () => {
  it('offers the model every tool but the app-only one', () => {
    const connection = readyServer('demo');
    const catalog = createToolCatalog({
      connections: () => [connection] as never,
      config: () => ({ tools: {} }) as never,
      consent: { toolApproval: () => undefined } as never,
    });
    expect(catalog.forModel().map((t) => t.tool.name)).toEqual(['plain', 'both', 'model_only']);
  });

  it('lets an app call only tools visible to apps', () => {
    expect(tools.filter((t) => toolVisibleTo(t, 'app')).map((t) => t.name)).toEqual([
      'plain',
      'app_only',
      'both',
    ]);
  });
});

describe('a model naming an app-only tool', () => {
  it('finds no such tool, while other tools still resolve', () => {
    const connection = readyServer('demo');
    const catalog = createToolCatalog({
      connections: () => [connection] as never,
      config: () => ({ tools: {} }) as never,
      consent: { toolApproval: () => undefined } as never,
    });
    expect(catalog.resolve('demo_app_only')).toBeUndefined();
    expect(catalog.resolve('demo_both')).toEqual({ server: 'demo', tool: 'both' });
  });
});

/** A ready server as the catalog reads one. */
function readyServer(name: string) {
  const offerings = () => ({ tools });
  return { name, isReady: true, offerings, knownOfferings: offerings };
}
