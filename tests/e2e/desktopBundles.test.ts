import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BundlePreview } from '../../preload/schemas/bundles';
import { startDesktopApp, waitUntil, type DesktopApp } from '../support/electronStandIn/desktopApp';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { buildBundle, type BuiltBundle } from '../support/bundleBuilder';
import { connectRenderer } from '../support/rendererBridge';
import { REPO_ROOT, startServe } from '../support/serveProcess';
import { tempDir } from '../support/testHost';

// `hearth --install FILE` and a .mcpb opened with Hearth (the file association, which the system
// passes as a bare path to a second instance) in the real built main process, against the
// stand-in for the `electron` module the desktop tests use.
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

function launch(dataDir: string, args: string[] = []): DesktopApp {
  const app = startDesktopApp({ dataDir, args });
  apps.push(app);
  return app;
}

async function takeOpened(app: DesktopApp): Promise<string[]> {
  const answer = (await app.invoke('bundles:takeOpened', [])) as { ok: boolean; value?: string[] };
  return answer.ok ? (answer.value ?? []) : [];
}

describe('opening a bundle from outside the window', () => {
  it('stages the bundle named by --install for the window, which shows its preview', async () => {
    const app = launch(tempDir('desktop-bundle'), ['--install', bundle.path]);
    await waitUntil(
      () => app.state(),
      (state) => state.windows.some((window) => window.url !== ''),
    );
    const opened = await waitUntil(
      () => takeOpened(app),
      (ids) => ids.length === 1,
    );
    const preview = (await app.invoke('bundles:inspect', [opened[0]])) as {
      ok: boolean;
      value: BundlePreview;
    };
    expect(preview.value).toMatchObject({ name: 'greeter', version: '1.0.0', blockers: [] });
    // Handed out once: a window opened later does not show it again.
    expect(await takeOpened(app)).toEqual([]);
  }, 60_000);

  it('a second instance given a .mcpb path (the file association) hands it to the first, which is told at once', async () => {
    const dataDir = tempDir('desktop-bundle-second');
    const app = launch(dataDir);
    await waitUntil(
      () => app.state(),
      (state) => state.windows.some((window) => window.url !== ''),
    );
    const second = startDesktopApp({ dataDir, args: [bundle.path] });
    await expect(second.exited).resolves.toBe(0);
    await waitUntil(
      () => app.state(),
      (state) => state.windows.some((window) => window.sentChannels.includes('bundles:opened')),
    );
    expect(await takeOpened(app)).toHaveLength(1);
  }, 60_000);

  it.skipIf(process.platform === 'win32')(
    'a second instance handing over a FIFO is told no at once, and the next bundle still opens',
    async () => {
      const dataDir = tempDir('desktop-bundle-fifo');
      const fifo = join(tempDir('desktop-fifo'), 'waiting.mcpb');
      execFileSync('mkfifo', [fifo]);
      const app = launch(dataDir);
      await waitUntil(
        () => app.state(),
        (state) => state.windows.some((window) => window.url !== ''),
      );
      const second = startDesktopApp({ dataDir, args: ['--install', fifo] });
      await expect(second.exited).resolves.toBe(0);
      const notices = await waitUntil(
        async () =>
          ((await app.invoke('notices:list', [])) as { value?: { message: string }[] }).value ?? [],
        (list) => list.some((notice) => notice.message.includes(fifo)),
      );
      expect(notices.map((notice) => notice.message)).toContain(
        `The bundle ${fifo} could not be opened: ${fifo} is not a regular file (a pipe or a device, say), so Hearth will not read it as a bundle.`,
      );
      const third = startDesktopApp({ dataDir, args: [bundle.path] });
      await expect(third.exited).resolves.toBe(0);
      expect(
        await waitUntil(
          () => takeOpened(app),
          (ids) => ids.length === 1,
        ),
      ).toHaveLength(1);
    },
    120_000,
  );

  it('the desktop file picker for bundles stages the file chosen', async () => {
    const app = startDesktopApp({
      dataDir: tempDir('desktop-bundle-pick'),
      env: { STANDIN_OPEN_DIALOG_PATH: bundle.path },
    });
    apps.push(app);
    await waitUntil(
      () => app.state(),
      (state) => state.windows.some((window) => window.url !== ''),
    );
    const chosen = (await app.invoke('bundles:choose', [])) as {
      ok: boolean;
      value: { supported: boolean; stagedId?: string };
    };
    expect(chosen.value.supported).toBe(true);
    const preview = (await app.invoke('bundles:inspect', [chosen.value.stagedId])) as {
      value: BundlePreview;
    };
    expect(preview.value.name).toBe('greeter');
    const state = await app.state();
    expect(state.calls.some((call) => call.api === 'dialog.showOpenDialog')).toBe(true);
  }, 60_000);

  it('npm run serve -- --install FILE stages the bundle for the page that opens', async () => {
    const host = await startServe(process.execPath, [
      join(REPO_ROOT, 'out', 'main', 'headless.js'),
      '--port',
      '0',
      '--data-dir',
      tempDir('serve-bundle'),
      '--install',
      bundle.path,
    ]);
    const { api, transport } = connectRenderer({
      port: Number(new URL(host.url).port),
      token: host.token,
      origin: host.origin,
    });
    try {
      const [stagedId] = await api.bundles.takeOpened();
      expect(stagedId).toBeDefined();
      expect(await api.bundles.inspect(stagedId ?? '')).toMatchObject({ name: 'greeter' });
    } finally {
      transport.close();
      await host.stop();
    }
  }, 60_000);
});
