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

// The other rooms with a front door: the rest of main imports each through its index.ts only.
const otherFrontDoors = [
  'builtin',
  'history',
  'files',
  'sandbox',
  'programs',
  'desktop',
  'launch',
  'screen',
].map((room) => ({
  group: [`**/${room}/*`, `!**/${room}/index`],
  message: `Import the ${room} room through its front door, electron/core/${room} (index.ts).`,
}));

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

// The renderer reaches main only through the contract.
const rendererToMain = {
  group: ['**/electron/**', '**/preload/index', 'node:*'],
  message: 'The renderer imports only the contract (preload/contract, api, wire).',
};
const rendererElectron = {
  name: 'electron',
  message: 'The renderer talks to main only through the contract.',
};

// renderer/src/ in rooms by job. A room is entered only through its front door (index.ts); only
// the app layer (App.tsx, PopupApp.tsx, main.tsx) composes rooms. Shared pieces import no room.
// The lazily loaded Markdown has no door (a barrel would pull it into the first chunk): outside
// markdown/, only LazyMarkdown (and plainProse, which has no parser) may be imported.
const RENDERER_ROOMS = ['chat', 'servers', 'settings', 'dialogs', 'resources', 'about'];
const RENDERER_SHARED = ['ui', 'lib', 'bridge', 'markdown'];
// Doors besides a room's index: the bundle opener, which the app needs before the servers view.
const EXTRA_DOORS = { servers: ['bundles'] };

function roomInsides(room) {
  const doors = ['index', ...(EXTRA_DOORS[room] ?? []).flatMap((door) => [door, `${door}/index`])];
  return {
    regex: `^(\\.\\.?/)+${room}/(?!(${doors.join('|')})$)`,
    message: `Import the ${room} room through its front door, renderer/src/${room} (index.ts).`,
  };
}

const markdownInsides = {
  regex: '^(\\.\\.?/)+markdown/(?!(LazyMarkdown|plainProse)$)',
  message: 'Markdown loads lazily: import markdown/LazyMarkdown, never Markdown itself.',
};

function anyRoom(from) {
  return {
    regex: `^(\\.\\.?/)+(${RENDERER_ROOMS.join('|')})(/|$)`,
    message: `renderer/src/${from}/ is shared: it imports no room (pass what it needs in).`,
  };
}

function rendererImportBlocks() {
  const rule = (patterns) => [
    'error',
    { paths: [rendererElectron], patterns: [rendererToMain, ...patterns] },
  ];
  return [
    {
      files: ['renderer/**/*.{ts,tsx}'],
      rules: {
        'no-restricted-imports': rule([...RENDERER_ROOMS.map(roomInsides), markdownInsides]),
      },
    },
    ...RENDERER_ROOMS.map((room) => ({
      files: [`renderer/src/${room}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': rule([
          ...RENDERER_ROOMS.filter((other) => other !== room).map(roomInsides),
          markdownInsides,
        ]),
      },
    })),
    ...RENDERER_SHARED.map((shared) => ({
      files: [`renderer/src/${shared}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': rule([
          anyRoom(shared),
          ...(shared === 'markdown' ? [] : [markdownInsides]),
        ]),
      },
    })),
  ];
}

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
        {
          paths: [electronImport],
          patterns: [shellPattern, mcpFrontDoor, chatFrontDoor, ...otherFrontDoors],
        },
      ],
    },
  },
  {
    files: ['electron/core/chat/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [shellPattern, mcpFrontDoor, chatFloorsAbove, ...otherFrontDoors],
        },
      ],
    },
  },
  {
    files: ['electron/core/mcp/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [shellPattern, mcpFloorsAbove, ...otherFrontDoors],
        },
      ],
    },
  },
  {
    files: ['electron/*.ts', 'electron/shell/**/*.ts'],
    ignores: ['electron/headless.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [mcpFrontDoor, chatFrontDoor, ...otherFrontDoors] },
      ],
    },
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
    rules: reactHooks.configs.recommended.rules,
  },
  // The renderer's rooms and shared pieces, one block each (a later block's rule replaces an
  // earlier one's, so each carries the whole list).
  ...rendererImportBlocks(),
  {
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts', 'build/**/*.ts', '*.config.ts'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
