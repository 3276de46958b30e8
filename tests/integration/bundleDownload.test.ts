import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadBundle } from '../../electron/core/registry/bundleDownload';
import { startTestRegistry, type TestRegistry } from '../fixtures/registry/registryServer';

// A registry entry's bundle, downloaded from a loopback registry that stops half-way.
let registry: TestRegistry;

beforeAll(async () => {
  registry = await startTestRegistry({ files: { 'tool.mcpb': Buffer.from('PK bundle bytes') } });
});

afterAll(() => registry.close());

describe('downloading a registry entry’s bundle', () => {
  it('says in words that it took too long when the body stops coming', async () => {
    registry.setMode('stall-body');
    const failure = await downloadBundle(`${registry.url}/files/tool.mcpb`, {
      timeoutMs: 500,
    }).then(
      () => undefined,
      (reason: unknown) => reason as Error,
    );
    expect(failure?.name).toBe('UserFacingError');
    expect(failure?.message).toBe(
      `The bundle at ${new URL(registry.url).host} took too long to download. Nothing was installed.`,
    );
  });

  it('downloads the file when the registry answers', async () => {
    registry.setMode('ok');
    const bundle = await downloadBundle(`${registry.url}/files/tool.mcpb`);
    expect(bundle.path).toMatch(/tool\.mcpb$/);
    await bundle.dispose();
  });
});
