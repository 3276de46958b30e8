import { afterEach, describe, expect, it } from 'vitest';
import { createTestManager, type TestManager } from '../support/managerHarness';
import { everythingStdio, fixtureCommand } from '../support/mcpFixtures';

// What a server says about itself when it connects (MCP `instructions`) goes with its tools to
// ranking, as context; a server that says nothing adds nothing.
let harness: TestManager | undefined;
afterEach(async () => {
  await harness?.manager.dispose();
  harness = undefined;
});

describe('a server’s own words about itself', () => {
  it('reach tool ranking with each of its tools', async () => {
    harness = createTestManager();
    expect((await harness.addServer('everything', everythingStdio())).state).toBe('ready');
    expect((await harness.addServer('plain', fixtureCommand(['--name=plain']))).state).toBe(
      'ready',
    );
    const tools = harness.manager.catalog.forModel();
    const everything = tools.filter((tool) => tool.server === 'everything');
    expect(everything.length).toBeGreaterThan(0);
    for (const tool of everything) expect(tool.serverNotes?.length).toBeGreaterThan(20);
    expect(tools.find((tool) => tool.server === 'plain')?.serverNotes).toBeUndefined();
    // Context for ranking only: the model's copy of a tool does not carry them.
    expect(JSON.stringify(everything[0]?.ollama)).not.toContain(everything[0]?.serverNotes);
  });
});
