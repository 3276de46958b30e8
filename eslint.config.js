// One lint pipeline for the whole tree. The layering rules are errors: `electron/core/` never
// imports Electron, `preload/` imports only Electron and the contract, and `renderer/` reaches
// main only through the contract's API.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const electronImport = {
  name: 'electron',
  message: 'electron/core/ runs in plain Node: put Electron code in electron/shell/.',
};

const shellPattern = { group: ['electron/*', '**/shell/*'], message: electronImport.message };

// The MCP room has one front door: the rest of main imports electron/core/mcp/index.ts only.
const mcpFrontDoor = {
  group: ['**/mcp/*', '!**/mcp/index'],
  message: 'Import the MCP room through its front door, electron/core/mcp (index.ts).',
};

// The MCP room sits below what uses it: it never imports the floors built on it.
const mcpFloorsAbove = {
  group: [
    ...['chat', 'apps', 'bundles', 'registry', 'runtimes', 'headless', 'desktop', 'history'].map(
      (floor) => `**/${floor}/*`,
    ),
    '**/createCore',
    '**/channelTable',
    '**/settingsService',
  ],
  message:
    'electron/core/mcp/ is below chat, apps, bundles, registry and runtimes: pass what it needs in.',
};

// The chat room has one front door too: the rest of main imports electron/core/chat/index.ts only.
const chatFrontDoor = {
  group: ['**/chat/*', '!**/chat/index'],
  message: 'Import the chat room through its front door, electron/core/chat (index.ts).',
};

// The chat room sits below what uses it and what assembles it.
const chatFloorsAbove = {
  group: [
    ...['apps', 'bundles', 'registry', 'runtimes', 'headless', 'desktop', 'launch'].map(
      (floor) => `**/${floor}/*`,
    ),
    '**/createCore',
    '**/channelTable',
    '**/settingsService',
  ],
  message:
    'electron/core/chat/ is below apps, the hosts and the wiring (createCore, channelTable): pass what it needs in.',
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    files: ['electron/core/**/*.ts', 'electron/headless.ts'],
    ignores: ['electron/core/mcp/**', 'electron/core/chat/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronImport], patterns: [shellPattern, mcpFrontDoor, chatFrontDoor] },
      ],
    },
  },
  {
    files: ['electron/core/chat/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronImport], patterns: [shellPattern, mcpFrontDoor, chatFloorsAbove] },
      ],
    },
  },
  {
    files: ['electron/core/mcp/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronImport], patterns: [shellPattern, mcpFloorsAbove] },
      ],
    },
  },
  {
    files: ['electron/*.ts', 'electron/shell/**/*.ts'],
    ignores: ['electron/headless.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [mcpFrontDoor, chatFrontDoor] }] },
  },
  {
    files: ['preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*', '!./contract', '!./api', '!./wire'],
              message: 'The preload imports only Electron and the contract.',
            },
          ],
        },
      ],
    },
  },
  {
    // Everything in preload/ but the preload script itself is imported by the renderer too.
    files: ['preload/**/*.ts'],
    ignores: ['preload/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'The renderer imports this file too.' }] },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'The renderer talks to main only through the contract.' },
          ],
          patterns: [
            {
              group: ['**/electron/**', '**/preload/index', 'node:*'],
              message: 'The renderer imports only the contract (preload/contract, api, wire).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts', 'build/**/*.ts', '*.config.ts'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
