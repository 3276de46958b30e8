/** Builds the app once before the end-to-end tests, which run the built main, preload and renderer. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export default function buildOnce(): void {
  const root = join(import.meta.dirname, '..', '..');
  const result = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'),
      'build',
      '--logLevel',
      'warn',
    ],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0)
    throw new Error(`electron-vite build failed with exit code ${result.status}`);
}
