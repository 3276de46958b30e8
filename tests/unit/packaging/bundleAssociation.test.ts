import { join } from 'node:path';
import type { Configuration } from 'app-builder-lib';
import { getConfig } from 'app-builder-lib/out/util/config/config';
import { describe, expect, it } from 'vitest';

// The file association that makes opening a .mcpb start Hearth's install dialog, as electron-builder
// reads it (its schema is checked with the rest of the file in builderConfig.test.ts).
describe('the .mcpb file association', () => {
  it('registers .mcpb and .dxt with a MIME type for the Linux desktop entry', async () => {
    const config: Configuration = await getConfig(
      join(import.meta.dirname, '..', '..', '..'),
      'electron-builder.yml',
      null,
    );
    const associations = [config.fileAssociations ?? []].flat();
    expect(associations.map((association) => [association.ext, association.mimeType])).toEqual([
      ['mcpb', 'application/x-mcpb'],
      ['dxt', 'application/x-dxt'],
    ]);
  });
});
