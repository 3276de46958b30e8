import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Screenshot, ScreenCapture, ScreenSources } from '../../preload/schemas/screen';
import { startDesktopApp, waitUntil, type DesktopApp } from '../support/electronStandIn/desktopApp';
import { tempDir } from '../support/testHost';

// Screenshots through the real built main process, as `npm start` runs it, over the Electron
// stand-in's desktopCapturer (tests/support/electronStandIn/screenCapture.ts follows Electron 45's
// desktop-capturer.ts and electron_api_desktop_capturer.cc): the contract's screen channels over
// IPC from the app's own page, a region kept in the data folder's attached files.
const apps: DesktopApp[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) {
    app.kill();
    await app.exited;
  }
});

async function launch(env: NodeJS.ProcessEnv = {}) {
  const dataDir = tempDir('desktop-screen');
  const app = startDesktopApp({ dataDir, env });
  apps.push(app);
  await waitUntil(
    () => app.state(),
    (state) => state.windows.some((window) => window.url !== ''),
  );
  return { app, dataDir };
}

describe('screenshots in the desktop app', () => {
  it('lists the screen and windows, captures one whole and keeps a region of it as an attached file', async () => {
    const { app, dataDir } = await launch();
    const listed = await app.invoke<ScreenSources>('screen:sources', []);
    expect(listed.ok, JSON.stringify(listed)).toBe(true);
    if (!listed.ok) return;
    expect(listed.value.supported).toBe(true);
    expect(listed.value.sources.map((source) => [source.id, source.kind])).toEqual([
      ['screen:0:0', 'screen'],
      ['window:4194310:0', 'window'],
      ['window:6291462:0', 'window'],
    ]);
    const capture = await app.invoke<ScreenCapture>('screen:capture', ['screen:0:0']);
    expect(capture.ok, JSON.stringify(capture).slice(0, 300)).toBe(true);
    if (!capture.ok) return;
    expect([capture.value.width, capture.value.height]).toEqual([1920, 1080]);
    const region = { x: 100, y: 200, width: 640, height: 360 };
    const kept = await app.invoke<Screenshot>('screen:keep', [capture.value.captureId, region]);
    expect(kept.ok, JSON.stringify(kept)).toBe(true);
    if (!kept.ok) return;
    expect(kept.value.file).toMatchObject({ kind: 'image', width: 640, height: 360 });
    expect(existsSync(join(dataDir, 'attachments', kept.value.file.sha256))).toBe(true);
    // The capture was let go once kept.
    const again = await app.invoke('screen:keep', [capture.value.captureId]);
    expect(again).toMatchObject({ ok: false, error: { code: 'E_FAILED' } });
    const calls = (await app.state()).calls.filter(
      (call) => call.api === 'desktopCapturer.getSources',
    );
    // The list is taken with Hearth on screen (its picker is what asks); the screenshot with
    // Hearth's window out of the way, and the window back after it.
    expect(calls.map((call) => call.detail)).toEqual([
      {
        types: ['screen', 'window'],
        thumbnailSize: { width: 320, height: 200 },
        appWindowsShown: 1,
      },
      { types: ['screen'], thumbnailSize: { width: 1920, height: 1080 }, appWindowsShown: 0 },
    ]);
    expect((await app.state()).windows.filter((window) => window.visible)).toHaveLength(1);
  });

  it('in a Wayland session without the desktop portal, says what to install', async () => {
    const { app } = await launch({ WAYLAND_DISPLAY: 'wayland-0', XDG_SESSION_TYPE: 'wayland' });
    const listed = await app.invoke<ScreenSources>('screen:sources', []);
    expect(listed.ok).toBe(true);
    if (!listed.ok) return;
    expect(listed.value.sources).toEqual([]);
    expect(listed.value.refusal).toContain('xdg-desktop-portal');
  });
});
