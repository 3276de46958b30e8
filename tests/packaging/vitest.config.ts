import { defineConfig } from 'vitest/config';

// The packaging check (tests/packaging): builds the Linux installers in a fresh clone through a
// loopback Electron mirror and checks what they hold. Not part of `npm test` (it builds the app
// and packs it, a couple of minutes); CI runs it on its own:
//   npx vitest run --config tests/packaging/vitest.config.ts
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/packaging/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
