import { afterEach, describe, expect, it } from 'vitest';
import { bundlePreviewSchema } from '../../../preload/schemas/bundles';
import { greeterManifest } from '../../support/bundleBuilder';
import {
  bundleHarness,
  zippedBundle,
  type BundleHarness,
} from '../../support/bundleServiceHarness';

// A manifest describes a server in a few kilobytes. One far larger, or with a field or list far
// larger than any real one, is refused with a sentence naming it, before anything else is read;
// one within every limit always makes a preview the install dialog can carry.
let harness: BundleHarness | undefined;
afterEach(async () => {
  await harness?.mcp.dispose();
  harness = undefined;
});

async function inspectManifest(manifest: Record<string, unknown>) {
  harness = bundleHarness();
  const path = zippedBundle(manifest, { 'server/index.mjs': 'x' });
  return harness.bundles.inspect(await harness.bundles.stageFile(path));
}

const MB = 1024 * 1024;

describe('manifest limits', () => {
  it('refuses an 11 MB field, and an 11 MB keywords list, by the manifest’s size', async () => {
    await expect(
      inspectManifest(greeterManifest({ description: 'x'.repeat(11 * MB) })),
    ).rejects.toThrow("The bundle's manifest.json is 11 MB; Hearth reads at most 1 MB of it.");
    await expect(
      inspectManifest(greeterManifest({ keywords: Array.from({ length: 2_250_000 }, () => 'kw') })),
    ).rejects.toThrow(/^The bundle's manifest.json is 11 MB; Hearth reads at most 1 MB of it\.$/);
  }, 60_000);

  it('names a field or list larger than Hearth takes', async () => {
    await expect(
      inspectManifest(greeterManifest({ description: 'x'.repeat(20_000) })),
    ).rejects.toThrow(
      "The bundle's manifest.json is too large: its “description” is 20,000 characters long; Hearth takes at most 10,000.",
    );
    await expect(
      inspectManifest(
        greeterManifest({ keywords: Array.from({ length: 500 }, (_, i) => `k${i}`) }),
      ),
    ).rejects.toThrow(
      "The bundle's manifest.json is too large: its “keywords” list has 500 entries; Hearth takes at most 100.",
    );
    await expect(inspectManifest(greeterManifest({ name: 'n'.repeat(201) }))).rejects.toThrow(
      'its “name” is 201 characters long; Hearth takes at most 200.',
    );
    const manyTools = greeterManifest({
      tools: Array.from({ length: 1_001 }, (_, i) => ({ name: `t${i}` })),
    });
    await expect(inspectManifest(manyTools)).rejects.toThrow(
      'its “tools” list has 1,001 entries; Hearth takes at most 1,000.',
    );
  });

  it('makes a preview the dialog can carry from a manifest at every limit', async () => {
    const manifest = greeterManifest({
      name: 'n'.repeat(200),
      display_name: 'd'.repeat(200),
      version: `1.0.0-${'a'.repeat(94)}`,
      description: 'x'.repeat(10_000),
      long_description: 'y'.repeat(10_000),
      author: {
        name: 'a'.repeat(500),
        email: `${'e'.repeat(480)}@example.com`,
        url: `https://example.com/${'u'.repeat(980)}`,
      },
      homepage: `https://example.com/${'h'.repeat(980)}`,
      license: 'l'.repeat(200),
      keywords: Array.from({ length: 100 }, () => 'k'.repeat(100)),
      tools: Array.from({ length: 50 }, (_, i) => ({
        name: `${i}`.padEnd(200, 't'),
        description: 'z'.repeat(10_000),
      })),
      privacy_policies: Array.from(
        { length: 50 },
        (_, i) => `https://example.com/${i}/${'p'.repeat(900)}`,
      ),
    });
    const preview = await inspectManifest(manifest);
    expect(() => bundlePreviewSchema.parse(preview)).not.toThrow();
  });
});
