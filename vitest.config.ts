import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Three tiers (tests/unit, tests/integration, tests/e2e) in four projects: the renderer's unit
// tests run in jsdom, everything else in Node. End-to-end tests build the app once first.
export default defineConfig({
  test: {
    reporters: ['default', './tests/support/summaryReporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['tests/unit/renderer/**/*.test.tsx'],
          // user-event types key by key through React: a form test can pass 5 s on a busy 2-core
          // machine without anything being wrong.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // Faults and hostile input; the long runs live in tests/reliability/soak (`npm run soak`).
        plugins: [react()],
        test: {
          name: 'reliability',
          environment: 'node',
          include: ['tests/reliability/**/*.test.{ts,tsx}'],
          exclude: ['tests/reliability/soak/**'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/buildOnce.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
