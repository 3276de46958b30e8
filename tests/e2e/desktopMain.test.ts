import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { methodPath } from '../../preload/api';
import { eventChannelNames, invokeChannelNames } from '../../preload/channels';
import {
  startDesktopApp,
  waitUntil,
  type DesktopApp,
  type DesktopState,
} from '../support/electronStandIn/desktopApp';
import { plainAnswer, startFakeOllama, toolCall } from '../fixtures/fakeOllama';
import { saveToolCall } from '../support/electronStandIn/savedToolCall';
import { fixtureCommand } from '../support/mcpFixtures';
import { noiseImage } from '../support/imageFixtures';
import { REPO_ROOT } from '../support/serveProcess';
import { tempDir } from '../support/testHost';

const HOSTILE_APP_SERVER = join(REPO_ROOT, 'tests', 'fixtures', 'servers', 'hostileApp.mjs');

// The desktop path: the real built main process, as `npm start` runs it, against a stand-in for
// the `electron` module that behaves as Electron 45 documents (tests/support/electronStandIn).
// What runs in Electron's own binary (Chromium, real windows) is in electron.test.ts.
const apps: DesktopApp[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) {
    app.kill();
    await app.exited;
  }
});

function launch(dataDir = tempDir('desktop'), args: string[] = []): DesktopApp {
  const app = startDesktopApp({ dataDir, args });
  apps.push(app);
  return app;
}

/** Started: the main window loaded its page and the tray shows the servers. */
function started(app: DesktopApp): Promise<DesktopState> {
  return waitUntil(
    () => app.state(),
    (state) => state.windows.some((window) => window.url !== '') && state.tray?.menu !== null,
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The processes whose parent is `pid`, with their command lines (Linux's /proc). */
function childrenOf(pid: number): { pid: number; cmdline: string }[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (parent !== pid) return [];
        const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return [{ pid: Number(name), cmdline }];
      } catch {
        return [];
      }
    });
}

/** Adds the fixture server through the bridge as the user would (save, review, approve). */
async function addRunningServer(app: DesktopApp, name: string): Promise<number> {
  const command = fixtureCommand(['--tools=echo']);
  const saved = await app.invoke('servers:save', [
    { name, transport: { type: 'stdio', command: command.command, args: command.args, env: [] } },
  ]);
  expect(saved.ok, JSON.stringify(saved)).toBe(true);
  const review = await app.invoke<{ fingerprint: string }>('servers:reviewLaunch', [name]);
  if (!review.ok) throw new Error(review.error.message);
  await app.invoke('servers:approveLaunch', [name, review.value.fingerprint]);
  type Entry = { status: { name: string; state: string; pid?: number } };
  const listed = await waitUntil(
    () => app.invoke<Entry[]>('servers:list', []),
    (answer) =>
      answer.ok &&
      answer.value.some((entry) => entry.status.name === name && entry.status.state === 'ready'),
  );
  const entry = listed.ok
    ? listed.value.find((candidate) => candidate.status.name === name)
    : undefined;
  if (!entry?.status.pid) throw new Error(`No pid for ${name}: ${JSON.stringify(listed)}`);
  return entry.status.pid;
}

describe('the desktop main process, built, against the electron stand-in', () => {
  it('opens the main window with the hardened webPreferences and a CommonJS preload from the build', async () => {
    const app = launch();
    const state = await started(app);
    expect(state.singleInstanceLock).toBe(true);
    expect(state.windows).toHaveLength(1);
    const [main] = state.windows;
    expect(main?.url).toBe('app://hearth/index.html');
    expect(main?.visible).toBe(true);
    expect(main?.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
    });
    const preload = String(main?.options.webPreferences?.preload);
    expect(preload).toBe(join(REPO_ROOT, 'out', 'preload', 'index.cjs'));

    // A sandboxed preload is one classic script: no import statements, and `require` only for
    // what Electron's sandbox offers. Run it so, and check what it exposes.
    const exposed: Record<string, unknown> = {};
    const invoked: { channel: string; args: unknown[] }[] = [];
    const sandboxModules: Record<string, unknown> = {
      electron: {
        contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
        ipcRenderer: {
          invoke: async (channel: string, ...args: unknown[]) => {
            invoked.push({ channel, args });
            return { ok: true, value: null };
          },
          on: () => undefined,
          removeListener: () => undefined,
        },
      },
    };
    const module = { exports: {} };
    runInNewContext(readFileSync(preload, 'utf8'), {
      module,
      exports: module.exports,
      require: (name: string) => {
        if (!(name in sandboxModules))
          throw new Error(`A sandboxed preload cannot require ${name}`);
        return sandboxModules[name];
      },
      console,
      setTimeout,
      clearTimeout,
      queueMicrotask,
    });
    const api = exposed.hearth as Record<string, Record<string, (...args: unknown[]) => unknown>>;
    const methods = Object.entries(api).flatMap(([domain, entries]) =>
      Object.keys(entries).map((name) => `${domain}.${name}`),
    );
    expect(methods.sort()).toEqual(
      [...invokeChannelNames, ...eventChannelNames]
        .map((channel) => methodPath(channel).join('.'))
        .sort(),
    );
    await api.settings?.get?.();
    expect(invoked).toEqual([{ channel: 'settings:get', args: [] }]);
  });

  it('serves the built renderer on app://hearth with the CSP, and nothing outside it', async () => {
    const app = launch();
    const state = await started(app);
    expect(state.privilegedSchemes).toEqual([
      expect.objectContaining({
        scheme: 'app',
        // V8's code cache keeps the compiled interface between starts.
        privileges: expect.objectContaining({ standard: true, secure: true, codeCache: true }),
      }),
      // MCP Apps' sandbox origin.
      expect.objectContaining({
        scheme: 'hearth-app',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    ]);
    expect(state.handledSchemes).toEqual(['app', 'hearth-app']);

    type Answer = { status: number; headers: Record<string, string>; start: string };
    const index = await app.command<Answer>('request', { url: 'app://hearth/index.html' });
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toMatch(/text\/html/);
    expect(index.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(index.start).toMatch(/<!doctype html>/i);
    const script = /src="(?:\.?\/)?(assets\/[^"]+\.js)"/.exec(
      readFileSync(join(REPO_ROOT, 'out', 'renderer', 'index.html'), 'utf8'),
    )?.[1];
    const asset = await app.command<Answer>('request', { url: `app://hearth/${script}` });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['content-security-policy']).toBeDefined();

    for (const outside of [
      'app://hearth/..%2f..%2fpackage.json',
      'app://hearth/%2e%2e%2fmain%2fmain.js',
      'app://hearth/..%5cmain%5cmain.js',
      'app://hearth/%00index.html',
      'app://elsewhere/index.html',
    ]) {
      const answer = await app.command<Answer>('request', { url: outside });
      expect(answer.status, outside).toBe(404);
      expect(answer.headers['content-security-policy'], outside).toBeDefined();
    }
  });

  it('serves a kept image on app://hearth/files/<sha256> for thumbnails, and nothing else kept there', async () => {
    const app = launch();
    await started(app);
    type Answer = { status: number; headers: Record<string, string>; length: number };
    /** Uploaded through the contract in one chunk, as the page does (files:begin/chunk/finish). */
    const upload = async (name: string, bytes: Buffer) => {
      const begun = await app.invoke<{ uploadId: string }>('files:begin', [
        { name, bytes: bytes.length },
      ]);
      if (!begun.ok) throw new Error(begun.error.message);
      const { uploadId } = begun.value;
      await app.invoke('files:chunk', [{ uploadId, offset: 0, data: bytes.toString('base64') }]);
      const kept = await app.invoke<{ sha256: string; bytes: number }>('files:finish', [uploadId]);
      if (!kept.ok) throw new Error(kept.error.message);
      return kept.value;
    };
    const image = await upload('chart.png', await noiseImage(40, 30, 'png'));
    const answer = await app.command<Answer>('request', {
      url: `app://hearth/files/${image.sha256}`,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toBeDefined();
    expect(answer.length).toBe(image.bytes);

    // A kept text is not an image: the page has no business reading it by address.
    const text = await upload('notes.txt', Buffer.from('private notes\n'));
    for (const url of [
      `app://hearth/files/${text.sha256}`,
      `app://hearth/files/${'0'.repeat(64)}`,
      `app://elsewhere/files/${image.sha256}`,
    ]) {
      const refused = await app.command<Answer>('request', { url });
      expect(refused.status, url).toBe(404);
    }
  });

  it('serves an MCP App’s sandbox page on hearth-app://sandbox, only to frames, with the app’s CSP', async () => {
    const app = launch();
    const state = await started(app);
    const windowId = state.windows[0]?.id;
    type Answer = { status: number; headers: Record<string, string>; start: string };
    const index = await app.command<Answer>('request', { url: 'app://hearth/index.html' });
    expect(index.headers['content-security-policy']).toContain('frame-src hearth-app://sandbox;');

    const command = { command: process.execPath, args: [HOSTILE_APP_SERVER] };
    await app.invoke('servers:save', [
      { name: 'hostile', transport: { type: 'stdio', ...command, env: [] } },
    ]);
    const review = await app.invoke<{ fingerprint: string }>('servers:reviewLaunch', ['hostile']);
    if (!review.ok) throw new Error(review.error.message);
    await app.invoke('servers:approveLaunch', ['hostile', review.value.fingerprint]);
    // An app is shown only for a tool call saved in a conversation; made-up ids open nothing.
    const madeUp = await app.invoke('apps:open', [
      { conversationId: 'c1', callId: 'k1', server: 'hostile', tool: 'show' },
    ]);
    expect(madeUp.ok ? 'opened' : madeUp.error.message).toMatch(/conversation no longer exists/);
    const saved = await saveToolCall(app, 'hostile_show');
    onTestFinished(() => saved.close());
    const opened = await app.invoke<{ sandboxUrl: string; sandboxFlags: string }>('apps:open', [
      {
        conversationId: saved.conversationId,
        callId: saved.callId,
        server: 'hostile',
        tool: 'show',
      },
    ]);
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.sandboxUrl).toMatch(/^hearth-app:\/\/sandbox\/app\/[\w-]+$/);
    const page = await app.command<Answer>('request', { url: opened.value.sandboxUrl });
    expect(page.status).toBe(200);
    const policy = page.headers['content-security-policy'] ?? '';
    expect(policy).toContain("connect-src 'self';");
    expect(policy).toContain('frame-ancestors app://hearth');
    expect(page.start).toMatch(/<!doctype html>/i);
    for (const outside of [
      'hearth-app://sandbox/app/unknown',
      'hearth-app://elsewhere' +
        new URL(opened.value.sandboxUrl.replace('hearth-app:', 'http:')).pathname,
      'hearth-app://sandbox/index.html',
    ]) {
      const answer = await app.command<Answer>('request', { url: outside });
      expect(answer.status, outside).toBe(404);
      expect(answer.headers['content-security-policy'], outside).toContain("default-src 'none'");
    }
    // A frame may load the sandbox page; the window itself may not, and a frame may go nowhere else.
    expect(await app.command('frameNavigate', { windowId, url: opened.value.sandboxUrl })).toEqual({
      prevented: false,
    });
    expect(await app.command('navigate', { windowId, url: opened.value.sandboxUrl })).toEqual({
      prevented: true,
    });
    expect(
      await app.command('frameNavigate', { windowId, url: 'https://example.com/escaped' }),
    ).toEqual({ prevented: true });
  });

  it('handles each contract channel exactly once, and refuses calls from any other frame', async () => {
    const app = launch();
    const state = await started(app);
    expect([...state.ipcChannels].sort()).toEqual([...invokeChannelNames].sort());
    expect(new Set(state.ipcChannels).size).toBe(state.ipcChannels.length);

    const own = await app.invoke<{ host: string }>('app:info', []);
    expect(own).toMatchObject({ ok: true, value: { host: 'electron' } });
    for (const frameUrl of [
      'https://evil.example/',
      'file:///tmp/page.html',
      'app://other/index.html',
      null,
    ]) {
      const foreign = await app.invoke('settings:get', [], { frameUrl });
      expect(foreign, String(frameUrl)).toMatchObject({
        ok: false,
        error: { code: 'E_FORBIDDEN_SENDER' },
      });
    }
  });

  it('builds the tray from the servers, registers the shortcut, hardens the popup, and a second instance focuses the first', async () => {
    const dataDir = tempDir('desktop');
    const app = launch(dataDir);
    let state = await started(app);
    expect(state.shortcuts).toEqual(['Alt+Shift+H']);
    expect(state.tray?.images[0]).toBe(join(REPO_ROOT, 'build', 'tray.png'));
    const labels = (current: DesktopState) => current.tray?.menu?.map((item) => item.label) ?? [];
    expect(labels(state)).toEqual(
      expect.arrayContaining(['Quick chat', 'Open Hearth', 'Quit Hearth']),
    );

    await addRunningServer(app, 'fixture');
    await waitUntil(
      () => app.state(),
      (current) => labels(current).includes('fixture — Ready'),
    );
    await app.invoke('servers:stop', ['fixture']);
    await waitUntil(
      () => app.state(),
      (current) =>
        labels(current).some(
          (label) => label?.startsWith('fixture — ') && label !== 'fixture — Ready',
        ),
    );

    await app.command('trayMenuClick', { label: 'Pause all tools' });
    await waitUntil(
      () => app.state(),
      (current) =>
        current.tray?.menu?.find((item) => item.label === 'Pause all tools')?.checked === true,
    );

    // The popup: the tray click and the shortcut toggle it; it has the main window's hardening.
    await app.command('trayClick');
    state = await waitUntil(
      () => app.state(),
      (current) => current.windows.length === 2 && current.windows.every((window) => window.url),
    );
    const popup = state.windows.find((window) => window.title === 'Hearth quick chat');
    expect(popup?.url).toBe('app://hearth/index.html?view=popup');
    expect(popup?.visible).toBe(true);
    expect(popup?.options.webPreferences).toEqual(state.windows[0]?.options.webPreferences);
    await app.command('pressShortcut', { accelerator: 'Alt+Shift+H' });
    state = await waitUntil(
      () => app.state(),
      (current) => current.windows.some((window) => window.id === popup?.id && !window.visible),
    );

    // A second `hearth` on the same data folder hands over and quits; the first comes forward.
    const main = state.windows.find((window) => window.title === 'Hearth');
    await app.command('minimize', { windowId: main?.id });
    const second = launch(dataDir);
    await expect(second.exited).resolves.toBe(0);
    await waitUntil(
      () => app.state(),
      (current) => {
        const window = current.windows.find((entry) => entry.id === main?.id);
        return !!window?.visible && window.focused && window.counts.restore > 0;
      },
    );
    // The popup's Open Servers: the main window comes forward and its page is sent to Servers.
    await app.command('minimize', { windowId: main?.id });
    const shown = await app.invoke('desktop:showMainWindow', ['servers'], { windowId: popup?.id });
    expect(shown).toEqual({ ok: true, value: true });
    await waitUntil(
      () => app.state(),
      (current) => {
        const window = current.windows.find((entry) => entry.id === main?.id);
        return !!window?.visible && window.sentChannels.includes('app:navigate');
      },
    );
    const quick = launch(dataDir, ['--quick-chat']);
    await expect(quick.exited).resolves.toBe(0);
    await waitUntil(
      () => app.state(),
      (current) => current.windows.some((window) => window.id === popup?.id && window.visible),
    );
  });

  it('checks every link before the system browser opens it, and denies permissions, webviews and new windows', async () => {
    const app = launch();
    const state = await started(app);
    const windowId = state.windows[0]?.id;

    expect(
      await app.command('navigate', { windowId, url: 'app://hearth/index.html#settings' }),
    ).toEqual({ prevented: false });
    expect(await app.command('navigate', { windowId, url: 'https://example.com/docs' })).toEqual({
      prevented: true,
    });
    expect(await app.command('openWindow', { windowId, url: 'https://example.com/new' })).toEqual({
      action: 'deny',
    });
    for (const url of [
      'file:///etc/passwd',
      'smb://host/share',
      'javascript:alert(1)',
      'http://example.com/plain',
    ]) {
      expect(await app.command('navigate', { windowId, url }), url).toEqual({ prevented: true });
      expect(await app.command('openWindow', { windowId, url }), url).toEqual({ action: 'deny' });
    }
    const after = await waitUntil(
      () => app.state(),
      (current) => current.openedExternally.length >= 2,
    );
    // Only the https links reached the system browser; the rest were refused and said so.
    expect(after.openedExternally.sort()).toEqual([
      'https://example.com/docs',
      'https://example.com/new',
    ]);
    const notices = await app.invoke('notices:list', []);
    expect(JSON.stringify(notices)).toMatch(/file:|smb:|network|not/i);

    // The menus show the page's own shortcuts without taking their keys, and ask the page for them.
    const help = state.appMenu?.find((menu) => menu.label === 'Help')?.submenu;
    expect(help?.find((item) => item.label === 'Keyboard shortcuts')?.accelerator).toBe(
      'CmdOrCtrl+/',
    );
    await app.command('appMenuClick', { path: ['Help', 'Keyboard shortcuts'] });
    await waitUntil(
      () => app.state(),
      (current) => !!current.windows[0]?.sentChannels.includes('app:navigate'),
    );

    expect(await app.command('frameNavigate', { windowId, url: 'https://evil.example/' })).toEqual({
      prevented: true,
    });
    expect(await app.command('attachWebview', { windowId })).toEqual({ prevented: true });
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal']) {
      expect(
        await app.command('permission', {
          windowId,
          permission,
          requestingUrl: 'app://hearth/index.html',
        }),
        permission,
      ).toEqual({ granted: false });
    }
    expect(
      await app.command('permission', {
        windowId,
        permission: 'clipboard-sanitized-write',
        requestingUrl: 'https://evil.example/',
      }),
    ).toEqual({ granted: false });
  });

  it('keeps running in the tray when the window is closed, and says so once', async () => {
    const dataDir = tempDir('desktop');
    const app = launch(dataDir);
    const state = await started(app);
    const main = state.windows[0];
    expect(await app.command('close', { windowId: main?.id })).toEqual({ closed: false });
    let after = await app.state();
    expect(after.windows.find((window) => window.id === main?.id)?.visible).toBe(false);
    expect(after.notifications).toEqual([
      expect.objectContaining({ title: 'Hearth is still running' }),
    ]);
    // Opened again from the tray and closed again: no second notification, in a later run either.
    await app.command('trayMenuClick', { label: 'Open Hearth' });
    await app.command('close', { windowId: main?.id });
    after = await app.state();
    expect(after.notifications).toHaveLength(1);
    await app.command('quit');
    await expect(app.exited).resolves.toBe(0);
    const again = launch(dataDir);
    const restarted = await started(again);
    await again.command('close', { windowId: restarted.windows[0]?.id });
    expect((await again.state()).notifications).toEqual([]);
  });

  it('tells the user of an approval waiting while no window is open: notification, tray icon and menu', async () => {
    const ollama = await startFakeOllama({
      script: (request) =>
        request.messages?.at(-1)?.role === 'tool'
          ? plainAnswer('Done.')
          : toolCall('fixture_echo', { text: 'hi' }),
    });
    try {
      const app = launch();
      const state = await started(app);
      await app.invoke('settings:set', [
        { ollama: { host: ollama.url }, chat: { model: 'llama3.2' } },
      ]);
      await addRunningServer(app, 'fixture');
      // Closed to the tray: nothing of Hearth is on screen.
      await app.command('close', { windowId: state.windows[0]?.id });
      const sent = await app.invoke('chat:send', [
        { text: 'Say hi through the tool', model: 'llama3.2' },
      ]);
      expect(sent.ok, JSON.stringify(sent)).toBe(true);
      const waiting = await waitUntil(
        () => app.state(),
        (current) =>
          current.notifications.some(
            (shown) => shown.title === 'Hearth is waiting for your approval',
          ),
      );
      expect(waiting.tray?.images.at(-1)).toBe(join(REPO_ROOT, 'build', 'trayAttention.png'));
      const answer = waiting.tray?.menu?.[0];
      expect(answer?.label).toMatch(/approval/i);
      // The tray's first item brings the window back to answer it.
      await app.command('trayMenuClick', { label: answer?.label });
      await waitUntil(
        () => app.state(),
        (current) => current.windows[0]?.visible === true,
      );
    } finally {
      await ollama.close();
    }
  });

  it('ends every server it started when it quits, after starting the force-quit helper', async () => {
    const app = launch();
    await started(app);
    const serverPid = await addRunningServer(app, 'fixture');
    const helper = childrenOf(app.child.pid ?? 0).find((child) =>
      child.cmdline.includes('process.kill(-pid'),
    );
    expect(helper, 'the force-quit helper runs').toBeDefined();

    await app.command('quit');
    await expect(app.exited).resolves.toBe(0);
    expect(isAlive(serverPid)).toBe(false);
    expect(() => process.kill(-serverPid, 0)).toThrow();
    await waitUntil(
      async () => isAlive(helper?.pid ?? 0),
      (alive) => !alive,
      5_000,
    );
  });

  it('leaves no server behind when it is killed outright: the helper ends them', async () => {
    const app = launch();
    await started(app);
    const serverPid = await addRunningServer(app, 'fixture');
    app.child.kill('SIGKILL');
    await app.exited;
    await waitUntil(
      async () => isAlive(serverPid),
      (alive) => !alive,
      10_000,
    );
  });
});
