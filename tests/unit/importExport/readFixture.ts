import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Reads a saved sample config from tests/fixtures/imports, as the import would receive it. */
export function readImportFixture(fileName: string): string {
  return readFileSync(
    fileURLToPath(new URL(`../../fixtures/imports/${fileName}`, import.meta.url)),
    'utf8',
  );
}
