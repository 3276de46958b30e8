import { spawn } from 'node:child_process';
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { methodPath } from '../../preload/api';
import { eventChannelNames, invokeChannelNames } from '../../preload/channels';
import { findElectronBinary } from '../support/electronBinary';
import { REPO_ROOT } from '../support/serveProcess';
import { tempDir } from '../support/testHost';

// The desktop app itself. These run wherever an Electron binary is installed (and a display is
// available); elsewhere each is reported as skipped with the reason.
const binary = findElectronBinary();
let app: ElectronApplication | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function launch(
  dataDir = tempDir('electron'),
): Promise<{ app: ElectronApplication; page: Page; dataDir: string }> {
  app = await electron.launch({
    executablePath: binary.path,
    args: [REPO_ROOT],
    env: { ...process.env, HEARTH_DATA_DIR: dataDir, ELECTRON_RENDERER_URL: '' },
  });
  const page = await app.firstWindow();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  return { app, page, dataDir };
}

describe('the desktop app (Electron)', () => {
  it('opens the app shell from app://hearth with only the contract exposed', async (context) => {
    if (!binary.path) context.skip(binary.reason);
    const { page } = await launch();
    expect(page.url()).toBe('app://hearth/index.html');
    await expect(page.title()).resolves.toBe('Hearth');
    const exposed = await page.evaluate(() => ({
      methods: Object.entries(
        (window as unknown as { hearth: Record<string, object> }).hearth,
      ).flatMap(([domain, methods]) => Object.keys(methods).map((name) => `${domain}.${name}`)),
      node:
        typeof (globalThis as { require?: unknown }).require !== 'undefined' ||
        typeof (globalThis as { process?: unknown }).process !== 'undefined',
    }));
    const expected = [...invokeChannelNames, ...eventChannelNames].map((channel) =>
      methodPath(channel).join('.'),
    );
    expect(exposed.methods.sort()).toEqual(expected.sort());
    expect(exposed.node).toBe(false);
  });

  it('gives the page no Node and a bridge it cannot alter', async (context) => {
    if (!binary.path) context.skip(binary.reason);
    const { page } = await launch();
    const seen = await page.evaluate(() => {
      const scope = globalThis as Record<string, unknown>;
      const hearth = scope.hearth as Record<string, Record<string, unknown>>;
      const original = hearth.settings?.get;
      try {
        (hearth.settings as Record<string, unknown>).get = () => 'tampered';
      } catch {
        // Frozen objects throw in strict code; either way the method must stay.
      }
      return {
        nodeGlobals: ['require', 'process', 'module', 'Buffer', 'global'].filter(
          (name) => name in scope,
        ),
        unchanged: hearth.settings?.get === original,
      };
    });
    expect(seen).toEqual({ nodeGlobals: [], unchanged: true });
  });

  it('keeps the window on the app: no navigation away, no new windows', async (context) => {
    if (!binary.path) context.skip(binary.reason);
    const { app, page } = await launch();
    const before = page.url();
    await page.evaluate(() => {
      window.location.href = 'https://example.com/';
    });
    await page.waitForTimeout(500);
    expect(page.url()).toBe(before);
    await expect(page.evaluate(() => window.open('https://example.com/') === null)).resolves.toBe(
      true,
    );
    expect(app.windows()).toHaveLength(1);
  });

  it('saves a setting through the bridge and shows it after a restart', async (context) => {
    if (!binary.path) context.skip(binary.reason);
    const first = await launch();
    await first.page.getByRole('button', { name: 'Settings', exact: true }).click();
    await first.page.getByRole('radio', { name: 'Dark' }).check();
    await first.app.close();
    const second = await launch(first.dataDir);
    await second.page.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect(second.page.getByRole('radio', { name: 'Dark' }).isChecked()).resolves.toBe(true);
  });

  it('remembers the window’s size and position', async (context) => {
    if (!binary.path) context.skip(binary.reason);
    const first = await launch();
    const bounds = { x: 40, y: 60, width: 900, height: 640 };
    await first.app.evaluate(
      ({ BrowserWindow }, wanted) => BrowserWindow.getAllWindows()[0]?.setBounds(wanted),
      bounds,
    );
    await first.app.close();
    const second = await launch(first.dataDir);
    const restored = await second.app.evaluate(({ BrowserWindow }) =>
      BrowserWindow.getAllWindows()[0]?.getBounds(),
    );
    expect(restored).toMatchObject({ width: bounds.width, height: bounds.height });
  });

  it('runs a single instance: a second launch exits and focuses the first', async (context) => {
    if (!binary.path) context.skip(binary.reason);
    const { app, dataDir } = await launch();
    const second = spawn(binary.path as string, [REPO_ROOT], {
      env: { ...process.env, HEARTH_DATA_DIR: dataDir },
      stdio: 'ignore',
    });
    const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
    expect(code).toBe(0);
    expect(app.windows()).toHaveLength(1);
  });

  it('keeps running in the tray when its window is closed', async (context) => {
    if (!binary.path) context.skip(binary.reason);
    const { app } = await launch();
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close());
    await expect
      .poll(() =>
        app.evaluate(({ BrowserWindow }) =>
          BrowserWindow.getAllWindows().map((window) => window.isVisible()),
        ),
      )
      .toEqual([false]);
    // Still running: the main process answers.
    await expect(app.evaluate(({ app: electronApp }) => electronApp.getName())).resolves.toBe(
      'Hearth',
    );
  });

  it('opens the quick-chat popup in its compact layout from `hearth --quick-chat`', async (context) => {
    if (!binary.path) context.skip(binary.reason);
    const { app, dataDir } = await launch();
    const second = spawn(binary.path as string, [REPO_ROOT, '--quick-chat'], {
      env: { ...process.env, HEARTH_DATA_DIR: dataDir },
      stdio: 'ignore',
    });
    await new Promise((resolve) => second.on('exit', resolve));
    await expect
      .poll(() => app.windows().some((page) => page.url().includes('view=popup')), {
        timeout: 10_000,
      })
      .toBe(true);
    const popup = app.windows().find((page) => page.url().includes('view=popup'));
    await popup?.getByRole('textbox', { name: 'Message' }).waitFor();
    const frameless = await app.evaluate(({ BrowserWindow }) =>
      BrowserWindow.getAllWindows().some(
        (window) => window.getTitle() === 'Hearth quick chat' && window.isAlwaysOnTop(),
      ),
    );
    expect(frameless).toBe(true);
  });
});
