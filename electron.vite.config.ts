import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { APP_FRAME_SOURCES_FOR_META } from './electron/core/mcp/offerings/uiResources/sandboxPage';
import { contentSecurityPolicy } from './electron/core/security/contentSecurityPolicy';

/** Puts the production CSP into the built index.html too, as a second line of defence. */
function cspMetaTag(): Plugin {
  return {
    name: 'hearth-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: {
          'http-equiv': 'Content-Security-Policy',
          content: contentSecurityPolicy({
            forMetaTag: true,
            // MCP Apps' sandbox origins; each host's header names the exact one.
            frameSources: APP_FRAME_SOURCES_FOR_META,
          }),
        },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig({
  main: {
    build: {
      externalizeDeps: true,
      rolldownOptions: {
        input: {
          main: resolve(import.meta.dirname, 'electron/main.ts'),
          headless: resolve(import.meta.dirname, 'electron/headless.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload is loaded as one classic script: bundle the API and the contract's
      // channel names into a single CommonJS file (main checks the payloads, so no zod here).
      externalizeDeps: false,
      isolatedEntries: true,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'renderer'),
    plugins: [react(), cspMetaTag()],
    build: {
      // electron-vite leaves the renderer unminified; a 2 MB script took most of the 850 ms
      // from opening the page to a field the user can type in (bench: start.url_to_interactive_ms).
      minify: true,
      // The first screen's chunk; the other views, Markdown and highlighting load after it.
      chunkSizeWarningLimit: 1_000,
      rolldownOptions: { input: resolve(import.meta.dirname, 'renderer/index.html') },
    },
  },
});
