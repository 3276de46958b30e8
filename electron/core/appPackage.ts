/**
 * Reads the app's own package.json (name and version) from wherever the code runs: the sources,
 * the built `out/` folder, or a packaged app.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface AppPackage {
  name: string;
  productName: string;
  version: string;
  root: string;
}

/** Walks up from `startDir` to the first package.json named `hearth`. */
export function findAppPackage(startDir: string): AppPackage {
  for (let dir = startDir; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const json = JSON.parse(readFileSync(file, 'utf8')) as Partial<AppPackage>;
      if (json.name === 'hearth' && json.version) {
        return {
          name: json.name,
          productName: json.productName ?? 'Hearth',
          version: json.version,
          root: dir,
        };
      }
    }
    if (dirname(dir) === dir) throw new Error(`No package.json for Hearth above ${startDir}`);
  }
}
