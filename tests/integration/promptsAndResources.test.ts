import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeArgument, getPrompt } from '../../electron/core/mcp/offerings/prompts';
import { createResourceWatch, readResource } from '../../electron/core/mcp/offerings/resources';
import { createTestManager, eventually, type TestManager } from '../support/managerHarness';
import { everythingStdio } from '../support/mcpFixtures';

// Prompts, completion and resources of the real everything server (stdio), through the manager.
let harness: TestManager;

beforeAll(async () => {
  harness = createTestManager();
  expect((await harness.addServer('everything', everythingStdio())).state).toBe('ready');
});

afterAll(() => harness?.manager.dispose());

describe('prompts of a real server', () => {
  it('lists the prompts with their arguments, required ones marked', () => {
    const prompts = harness.manager.offerings().prompts;
    const args = prompts.find((prompt) => prompt.name === 'args-prompt');
    expect(args).toMatchObject({
      server: 'everything',
      title: 'Arguments Prompt',
      arguments: [
        { name: 'city', required: true },
        { name: 'state', required: false },
      ],
    });
  });

  it('runs a prompt with arguments and returns its messages', async () => {
    const result = await getPrompt(harness.manager, 'everything', 'args-prompt', {
      city: 'Lisbon',
      state: 'Estremadura',
    });
    expect(result.messages).toEqual([
      { role: 'user', text: "What's weather in Lisbon, Estremadura?", attachments: [] },
    ]);
  });

  it('turns an embedded resource of a prompt into an attachment', async () => {
    const result = await getPrompt(harness.manager, 'everything', 'resource-prompt', {
      resourceType: 'Text',
      resourceId: '3',
    });
    expect(result.messages).toHaveLength(2);
    const attachment = result.messages[1]?.attachments[0];
    expect(attachment).toMatchObject({
      server: 'everything',
      uri: 'demo://resource/dynamic/text/3',
      name: '3',
    });
    expect(attachment?.contents[0]?.text).toMatch(/^Resource 3: This is a plaintext resource/);
  });

  it('refuses a missing required argument with the server’s words', async () => {
    await expect(getPrompt(harness.manager, 'everything', 'args-prompt', {})).rejects.toThrow(
      /city/i,
    );
  });

  it('completes an argument, narrowed by the arguments already filled in', async () => {
    const departments = await completeArgument(harness.manager, {
      server: 'everything',
      ref: { type: 'ref/prompt', name: 'completable-prompt' },
      argument: { name: 'department', value: 'S' },
    });
    expect(departments.values).toEqual(['Sales', 'Support']);
    const names = await completeArgument(harness.manager, {
      server: 'everything',
      ref: { type: 'ref/prompt', name: 'completable-prompt' },
      argument: { name: 'name', value: '' },
      context: { department: 'Engineering' },
    });
    expect(names.values).toEqual(['Alice', 'Bob', 'Charlie']);
  });

  it('completes a resource template variable', async () => {
    const result = await completeArgument(harness.manager, {
      server: 'everything',
      ref: { type: 'ref/resource', uri: 'demo://resource/dynamic/text/{resourceId}' },
      argument: { name: 'resourceId', value: '7' },
    });
    expect(result.values).toEqual(['7']);
  });
});

describe('resources of a real server', () => {
  it('lists resources and templates', () => {
    const offerings = harness.manager.offerings();
    expect(offerings.resources.map((resource) => resource.uri)).toContain(
      'demo://resource/static/document/instructions.md',
    );
    expect(offerings.resourceTemplates.map((template) => template.uriTemplate)).toEqual(
      expect.arrayContaining([
        'demo://resource/dynamic/text/{resourceId}',
        'demo://resource/dynamic/blob/{resourceId}',
      ]),
    );
  });

  it('reads a text resource', async () => {
    const read = await readResource(
      harness.manager,
      'everything',
      'demo://resource/static/document/instructions.md',
    );
    expect(read.contents[0]).toMatchObject({ mimeType: 'text/markdown' });
    expect(read.contents[0]?.text?.length).toBeGreaterThan(20);
    expect(read.contents[0]?.size).toBe(read.contents[0]?.text?.length);
  });

  it('reads a blob of text as text, from a template', async () => {
    const read = await readResource(
      harness.manager,
      'everything',
      'demo://resource/dynamic/blob/5',
    );
    expect(read.contents[0]?.blob).toBeUndefined();
    expect(read.contents[0]?.text).toMatch(/^Resource 5: This is a base64 blob/);
  });

  it('says which server is not running when it is asked to read', async () => {
    await harness.manager.save({
      name: 'sleeping',
      enabled: false,
      transport: { type: 'stdio', command: 'true', args: [], env: [] },
    });
    await expect(readResource(harness.manager, 'sleeping', 'demo://x')).rejects.toThrow(
      /“sleeping” is not running/,
    );
  });

  it('hears that a subscribed resource changed, and stops hearing once unsubscribed', async () => {
    const watch = createResourceWatch(harness.manager);
    const uri = 'demo://resource/static/document/features.md';
    const updates = () =>
      harness.events.filter(
        (event) =>
          event.channel === 'resources:updated' && (event.payload as { uri: string }).uri === uri,
      ).length;
    expect(await watch.subscribe('everything', uri)).toBe(true);
    // A second watcher of the same resource: one unsubscribe must not end the other's updates.
    expect(await watch.subscribe('everything', uri)).toBe(true);
    const toggle = await harness.manager.callTool('everything', 'toggle-subscriber-updates', {});
    expect(toggle.ok).toBe(true);
    await eventually(() => updates() > 0, 15_000);
    expect(harness.events.find((event) => event.channel === 'resources:updated')?.payload).toEqual({
      server: 'everything',
      uri,
    });
    expect(await watch.unsubscribe('everything', uri)).toBe(true);
    expect(await watch.unsubscribe('everything', uri)).toBe(true);
    expect(await watch.unsubscribe('everything', uri)).toBe(false);
    await harness.manager.callTool('everything', 'toggle-subscriber-updates', {});
  });
});

describe('watching across a restart', () => {
  it('subscribes again when the server comes back, so updates keep coming', async () => {
    const watch = createResourceWatch(harness.manager, harness.hub);
    const uri = 'demo://resource/static/document/structure.md';
    const updates = () =>
      harness.events.filter(
        (event) =>
          event.channel === 'resources:updated' && (event.payload as { uri: string }).uri === uri,
      ).length;
    await watch.subscribe('everything', uri);
    expect((await harness.manager.restart('everything')).state).toBe('ready');
    // The new process knows of no subscription unless Hearth made it again.
    await harness.manager.callTool('everything', 'toggle-subscriber-updates', {});
    await eventually(() => updates() > 0, 15_000);
    await harness.manager.callTool('everything', 'toggle-subscriber-updates', {});
    await watch.unsubscribe('everything', uri);
  });
});
