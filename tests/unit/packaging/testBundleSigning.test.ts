import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSignature, splitBundle } from '../../../electron/core/bundles/bundleSignature';
import { buildBundle } from '../../support/bundleBuilder';
import { REPO_ROOT } from '../../support/serveProcess';

// Test bundles are signed with a key made in a temporary folder: `mcpb sign --self-signed`
// writes its key into node_modules/@anthropic-ai/mcpb/dist, which `npm run dist` packs.
const MCPB_DIST = join(REPO_ROOT, 'node_modules', '@anthropic-ai', 'mcpb', 'dist');

describe('signing the test bundles', () => {
  it('signs a bundle self-signed without writing a key or certificate inside node_modules', async () => {
    const before = readdirSync(MCPB_DIST).sort();
    const bundle = await buildBundle({ sign: true });
    const { content, signature } = await splitBundle(readFileSync(bundle.path));
    expect(await checkSignature(content, signature)).toMatchObject({
      status: 'self-signed',
      publisher: 'MCPB Self-Signed Certificate',
    });
    expect(readdirSync(MCPB_DIST).sort()).toEqual(before);
    expect(readdirSync(MCPB_DIST).filter((name) => name.endsWith('.pem'))).toEqual([]);
  }, 60_000);
});
