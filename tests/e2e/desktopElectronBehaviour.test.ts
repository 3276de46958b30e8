import { pbkdf2Sync, createDecipheriv } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { BundlePreview } from '../../preload/schemas/bundles';
import { buildBundle, type BuiltBundle } from '../support/bundleBuilder';
import {
  startDesktopApp,
  waitUntil,
  type DesktopApp,
  type DesktopState,
} from '../support/electronStandIn/desktopApp';
import { saveToolCall } from '../support/electronStandIn/savedToolCall';
import { fixtureCommand } from '../support/mcpFixtures';
import { REPO_ROOT } from '../support/serveProcess';
import { tempDir } from '../support/testHost';

// The built desktop main process where Electron 45 behaves unlike a naive model of it (the
// stand-in follows Electron's source here, see the citations in tests/support/electronStandIn):
// a second instance's argv has Electron's switches inserted before its files; navigation asks
// `will-frame-navigate` first; an MCP App's declared frames; Linux safeStorage without a keyring.
const FRAMING_APP_SERVER = join(REPO_ROOT, 'tests', 'fixtures', 'servers', 'framingApp.mjs');
const apps: DesktopApp[] = [];
let bundle: BuiltBundle;

beforeAll(async () => {
  bundle = await buildBundle();
}, 60_000);

afterEach(async () => {
  for (const app of apps.splice(0)) {
    app.kill();
    await app.exited;
  }
});

function launch(dataDir: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): DesktopApp {
  const app = startDesktopApp({ dataDir, args, env });
  apps.push(app);
  return app;
}

function started(app: DesktopApp): Promise<DesktopState> {
  return waitUntil(
    () => app.state(),
    (state) => state.windows.some((window) => window.url !== ''),
  );
}

async function noticeText(app: DesktopApp): Promise<string> {
  return JSON.stringify(await app.invoke('notices:list', []));
}

describe('a second instance hands its request to the running Hearth', () => {
  async function handOver(args: string[]): Promise<DesktopApp> {
    const dataDir = tempDir('desktop-second');
    const app = launch(dataDir);
    await started(app);
    const second = launch(dataDir, args);
    await expect(second.exited).resolves.toBe(0);
    return app;
  }

  async function stagedBundleName(app: DesktopApp): Promise<string | undefined> {
    const opened = await waitUntil(
      async () => {
        const answer = (await app.invoke('bundles:takeOpened', [])) as { value?: string[] };
        return answer.value ?? [];
      },
      (ids) => ids.length > 0,
    );
    expect(opened).toHaveLength(1);
    const preview = (await app.invoke('bundles:inspect', [opened[0]])) as {
      value?: BundlePreview;
    };
    return preview.value?.name;
  }

  it('hearth --install FILE opens that file, though Electron put its own switch before it', async () => {
    const app = await handOver(['--install', bundle.path]);
    expect(await stagedBundleName(app)).toBe('greeter');
    // What the running instance was given: Chromium's order, Electron's switch in front of the file.
    const state = await app.state();
    const delivered = state.calls.find((call) => call.api === 'app.second-instance')?.detail as {
      argv: string[];
    };
    const argv = delivered.argv;
    expect(argv.indexOf('--allow-file-access-from-files')).toBe(argv.indexOf('--install') + 1);
    expect(argv.indexOf(bundle.path)).toBeGreaterThan(
      argv.indexOf('--allow-file-access-from-files'),
    );
    expect(await noticeText(app)).not.toMatch(/allow-file-access|could not be opened/);
  }, 60_000);

  it('a file:// URL, as a desktop file’s %U passes it, opens that file', async () => {
    const app = await handOver([pathToFileURL(bundle.path).href]);
    expect(await stagedBundleName(app)).toBe('greeter');
    expect(await noticeText(app)).not.toMatch(/could not be opened/);
  }, 60_000);

  it('hearth --quick-chat opens the quick chat of the running Hearth', async () => {
    const app = await handOver(['--quick-chat']);
    await waitUntil(
      () => app.state(),
      (state) =>
        state.windows.some((window) => window.title === 'Hearth quick chat' && window.visible),
    );
  }, 60_000);
});

describe('links and frames in Electron’s order of events', () => {
  it('a link that navigates the main window opens in the system browser, once', async () => {
    const app = launch(tempDir('desktop-links'));
    const state = await started(app);
    const windowId = state.windows[0]?.id;
    expect(await app.command('navigate', { windowId, url: 'https://example.com/docs' })).toEqual({
      prevented: true,
    });
    const after = await waitUntil(
      () => app.state(),
      (current) => current.openedExternally.length > 0,
    );
    // Electron asked twice, will-frame-navigate first; the link went out once.
    const asked = after.calls
      .filter((call) => call.api.startsWith('webContents.will-'))
      .map((call) => call.api);
    expect(asked).toEqual(['webContents.will-frame-navigate', 'webContents.will-navigate']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await app.state()).openedExternally).toEqual(['https://example.com/docs']);
  }, 60_000);

  it('a frame inside an MCP App may load exactly the origins the app declared', async () => {
    const app = launch(tempDir('desktop-frames'));
    const state = await started(app);
    const windowId = state.windows[0]?.id;
    await app.invoke('servers:save', [
      {
        name: 'framing',
        transport: {
          type: 'stdio',
          command: process.execPath,
          args: [FRAMING_APP_SERVER],
          env: [],
        },
      },
    ]);
    const review = await app.invoke<{ fingerprint: string }>('servers:reviewLaunch', ['framing']);
    if (!review.ok) throw new Error(review.error.message);
    await app.invoke('servers:approveLaunch', ['framing', review.value.fingerprint]);
    // An app is shown for a tool call saved in a conversation.
    const saved = await saveToolCall(app, 'framing_show_map');
    onTestFinished(() => saved.close());
    const opened = await waitUntil(
      () =>
        app.invoke<{ sandboxUrl: string }>('apps:open', [
          {
            conversationId: saved.conversationId,
            callId: saved.callId,
            server: 'framing',
            tool: 'show_map',
          },
        ]),
      (answer) => answer.ok,
    );
    if (!opened.ok) throw new Error(opened.error.message);
    const { sandboxUrl } = opened.value;
    // The sandbox page's CSP, the same in both hosts, lets its frames load the declared origin.
    const page = await app.command<{ headers: Record<string, string> }>('request', {
      url: sandboxUrl,
    });
    expect(page.headers['content-security-policy']).toContain(
      'frame-src https://maps.example.com;',
    );

    // The app's HTML runs in an inner frame of the sandbox page; its map frame is below that.
    const inApp = ['about:blank', 'about:blank', sandboxUrl];
    const frame = (url: string, frameUrls = inApp) =>
      app.command('frameNavigate', { windowId, url, frameUrls });
    expect(await frame('https://maps.example.com/embed?q=here')).toEqual({ prevented: false });
    expect(await frame('https://maps.example.com.evil.example/')).toEqual({ prevented: true });
    expect(await frame('https://evil.example/')).toEqual({ prevented: true });
    // Not inside that app: another app's page, or Hearth's own page.
    const elsewhere = ['about:blank', 'about:blank', 'hearth-app://sandbox/app/unknown'];
    expect(await frame('https://maps.example.com/embed', elsewhere)).toEqual({ prevented: true });
    expect(await frame('https://maps.example.com/embed', ['about:blank'])).toEqual({
      prevented: true,
    });
    // A redirect inside the map stays allowed; one out of the declared origin does not.
    const redirect = (url: string) =>
      app.command('redirect', { windowId, url, frameUrls: ['', ...inApp] });
    expect(await redirect('https://maps.example.com/tiles')).toEqual({ prevented: false });
    expect(await redirect('https://evil.example/')).toEqual({ prevented: true });
    expect((await app.state()).openedExternally).toEqual([]);
  }, 60_000);
});

describe('secrets on Linux without a keyring', () => {
  const NO_KEYRING = { STANDIN_KEYRING: 'none' };

  /** Chromium's fixed key (components/os_crypt: "peanuts", "saltysalt", one iteration). */
  function decryptWithFixedKey(base64: string): string {
    const data = Buffer.from(base64, 'base64');
    expect(data.subarray(0, 3).toString()).toBe('v10');
    const key = pbkdf2Sync('peanuts', 'saltysalt', 1, 16, 'sha1');
    const decipher = createDecipheriv('aes-128-cbc', key, Buffer.alloc(16, ' '));
    return Buffer.concat([decipher.update(data.subarray(3)), decipher.final()]).toString('utf8');
  }

  async function saveSecret(app: DesktopApp): Promise<void> {
    const command = fixtureCommand(['--tools=echo']);
    const saved = await app.invoke('servers:save', [
      {
        name: 'withsecret',
        transport: {
          type: 'stdio',
          command: command.command,
          args: command.args,
          env: [{ name: 'API_TOKEN', value: 'canary-secret-77', secret: true }],
        },
      },
    ]);
    expect(saved.ok, JSON.stringify(saved)).toBe(true);
  }

  async function storedToken(app: DesktopApp): Promise<string | undefined> {
    const review = await app.invoke<{ env: { name: string; value: string }[] }>(
      'servers:reviewLaunch',
      ['withsecret'],
    );
    if (!review.ok) throw new Error(review.error.message);
    return review.value.env.find((entry) => entry.name === 'API_TOKEN')?.value;
  }

  it('"Store them with a weak key" keeps them across restarts, under the fixed key', async () => {
    const dataDir = tempDir('desktop-weak-key');
    writeFileSync(
      join(dataDir, 'settings.json'),
      JSON.stringify({ desktop: { secretsWithoutKeyring: 'weak-key' } }),
    );
    const first = launch(dataDir, [], NO_KEYRING);
    await started(first);
    await saveSecret(first);
    const file = join(dataDir, 'secrets.json');
    const stored = await waitUntil(
      async () =>
        existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {},
      (entries) => 'server:withsecret:env:API_TOKEN' in entries,
    );
    expect(readFileSync(file, 'utf8')).not.toContain('canary-secret-77');
    expect(decryptWithFixedKey(stored['server:withsecret:env:API_TOKEN'] ?? '')).toBe(
      'canary-secret-77',
    );
    expect(await noticeText(first)).not.toMatch(/only until it quits/);
    first.kill();
    await first.exited;

    const second = launch(dataDir, [], NO_KEYRING);
    await started(second);
    expect(await storedToken(second)).toBe('••••••••');
  }, 60_000);

  it('without that choice nothing is written, and Hearth says why', async () => {
    const dataDir = tempDir('desktop-no-keyring');
    const app = launch(dataDir, [], NO_KEYRING);
    await started(app);
    await saveSecret(app);
    expect(await storedToken(app)).toBe('••••••••');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(false);
    expect(await noticeText(app)).toMatch(/only until it quits/);
  }, 60_000);
});
