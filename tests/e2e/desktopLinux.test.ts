import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startDesktopApp,
  waitUntil,
  type DesktopApp,
  type DesktopState,
} from '../support/electronStandIn/desktopApp';
import { REPO_ROOT } from '../support/serveProcess';
import { tempDir } from '../support/testHost';

// The desktop app on Linux desktops as they are, through the stand-in: a private session bus with
// or without a tray host (tests/support/sessionBus), Electron 45's Linux login item calls, and
// global shortcuts through the Wayland portal (tests/support/electronStandIn/linuxDesktop.ts).
const apps: DesktopApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) {
    app.kill();
    await app.exited;
  }
});

function launch(options: Parameters<typeof startDesktopApp>[0]): DesktopApp {
  const app = startDesktopApp(options);
  apps.push(app);
  return app;
}

function loaded(app: DesktopApp): Promise<DesktopState> {
  return waitUntil(
    () => app.state(),
    (state) => state.windows.some((window) => window.url !== ''),
  );
}

type Status = { tray: boolean; shortcut: string; quickChatCommand: string };
async function desktopStatus(app: DesktopApp): Promise<Status> {
  const answer = await app.invoke<Status>('desktop:status', []);
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value;
}

async function everythingShown(app: DesktopApp): Promise<string> {
  const state = await app.state();
  const notices = await app.invoke<{ message: string }[]>('notices:list', []);
  return JSON.stringify({
    notifications: state.notifications,
    notices: notices.ok ? notices.value.map((notice) => notice.message) : [],
    appMenu: state.appMenu,
  });
}

describe('a desktop without a tray host (stock GNOME)', () => {
  it('makes no tray icon, minimises on close without a word about a tray, and quits on close when Settings says so', async () => {
    const app = launch({ dataDir: tempDir('desktop-linux'), trayHost: false });
    const state = await loaded(app);
    expect(state.tray).toBeNull();
    expect((await desktopStatus(app)).tray).toBe(false);

    const main = state.windows[0];
    expect(await app.command('close', { windowId: main?.id })).toEqual({ closed: false });
    const after = await waitUntil(
      () => app.state(),
      (current) => current.windows.find((window) => window.id === main?.id)?.minimized === true,
    );
    // Minimised, never hidden: still on the taskbar, where it can be brought back.
    expect(after.windows.find((window) => window.id === main?.id)?.counts.hide).toBe(0);
    expect(after.notifications).toEqual([
      expect.objectContaining({ title: 'Hearth is still running' }),
    ]);
    expect(await everythingShown(app)).not.toMatch(/tray/i);

    const saved = await app.invoke('settings:set', [{ desktop: { closeWithoutTray: 'quit' } }]);
    expect(saved.ok).toBe(true);
    await app.command('close', { windowId: main?.id });
    await expect(app.exited).resolves.toBe(0);
  });

  it('makes the icon once a tray host appears, and from then closing hides the window to it', async () => {
    const app = launch({ dataDir: tempDir('desktop-linux'), trayHost: false });
    const state = await loaded(app);
    expect(state.tray).toBeNull();
    app.bus.startTrayHost();
    // The desktop is asked again when the window is shown or focused.
    await app.invoke('desktop:showMainWindow', []);
    const withTray = await waitUntil(
      () => app.state(),
      (current) => current.tray !== null,
    );
    expect(withTray.tray?.shown).toBe(true);
    expect((await desktopStatus(app)).tray).toBe(true);

    const main = state.windows[0];
    await app.command('close', { windowId: main?.id });
    const hidden = (await app.state()).windows.find((window) => window.id === main?.id);
    expect(hidden).toMatchObject({ visible: false, minimized: false });
  });

  it('brings a window hidden to a tray that has gone back, minimised', async () => {
    const app = launch({ dataDir: tempDir('desktop-linux'), trayHost: true });
    const state = await waitUntil(
      () => app.state(),
      (current) =>
        current.windows.some((window) => window.visible && window.focused) && !!current.tray?.menu,
    );
    expect(state.tray?.shown).toBe(true);
    // Let the asking that showing the window started finish first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The host leaves without the window being shown or focused since.
    app.bus.stopTrayHost();
    const main = state.windows[0];
    await app.command('close', { windowId: main?.id });
    const back = await waitUntil(
      () => app.state(),
      (current) => current.windows.find((window) => window.id === main?.id)?.minimized === true,
    );
    // Hidden at once, then shown again (minimised) once the desktop said it has no tray now.
    const counts = back.windows.find((window) => window.id === main?.id)?.counts;
    expect(counts?.hide).toBe(1);
    expect(counts?.show).toBeGreaterThan(
      state.windows.find((window) => window.id === main?.id)?.counts.show ?? 0,
    );
    expect((await desktopStatus(app)).tray).toBe(false);
  });
});

/** A Hearth on a home of its own, with "Launch Hearth at login" switched on: its autostart entry. */
async function switchedOnAtLogin(extraEnv: NodeJS.ProcessEnv = {}) {
  const home = tempDir('desktop-home');
  const config = join(home, 'config');
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: config,
    XDG_CONFIG_DIRS: join(home, 'etc-xdg'),
    ...extraEnv,
  };
  const app = launch({ dataDir: tempDir('desktop-linux'), env });
  await loaded(app);
  const entry = join(config, 'autostart', 'io.github.hearth.Hearth.desktop');
  expect((await app.invoke('settings:set', [{ desktop: { launchAtLogin: true } }])).ok).toBe(true);
  await waitUntil(
    async () => existsSync(entry),
    (exists) => exists,
  );
  return { app, entry, text: readFileSync(entry, 'utf8') };
}

describe('"Launch Hearth at login" on Linux', () => {
  it('writes and removes an XDG autostart entry, which Electron’s own login item API does not', async () => {
    const { app, entry, text } = await switchedOnAtLogin();
    // Unpackaged: Electron (here Node under the stand-in) with the app folder.
    expect(text).toContain(`\nExec=${process.execPath} ${REPO_ROOT}\n`);
    expect(text).not.toMatch(/Hidden=true/);

    expect((await app.invoke('settings:set', [{ desktop: { launchAtLogin: false } }])).ok).toBe(
      true,
    );
    await waitUntil(
      async () => existsSync(entry),
      (exists) => !exists,
    );
  });

  it('starts this Hearth, not an AppImage it inherited the variables of (started from its terminal)', async () => {
    const { app, text } = await switchedOnAtLogin({
      APPIMAGE: join(tempDir('desktop-apps'), 'Terminal.AppImage'),
      APPDIR: tempDir('desktop-other-mount'),
    });
    expect(text).toContain(`\nExec=${process.execPath} ${REPO_ROOT}\n`);
    expect((await desktopStatus(app)).quickChatCommand).toBe(
      `${process.execPath} ${REPO_ROOT} --quick-chat`,
    );
  });

  it('reads the entry back at start: Hidden=true is off, an entry without it is on', async () => {
    const home = tempDir('desktop-home');
    const config = join(home, 'config');
    const env = { HOME: home, XDG_CONFIG_HOME: config, XDG_CONFIG_DIRS: join(home, 'etc-xdg') };
    const entry = join(config, 'autostart', 'io.github.hearth.Hearth.desktop');
    mkdirSync(join(config, 'autostart'), { recursive: true });
    const launchAtLogin = async (text: string) => {
      writeFileSync(entry, text);
      const app = launch({ dataDir: tempDir('desktop-linux'), env });
      await loaded(app);
      const settings = await app.invoke<{ desktop: { launchAtLogin: boolean } }>(
        'settings:get',
        [],
      );
      app.kill();
      await app.exited;
      return settings.ok && settings.value.desktop.launchAtLogin;
    };
    const exec = `Exec=${process.execPath} ${REPO_ROOT}`;
    expect(await launchAtLogin(`[Desktop Entry]\nType=Application\n${exec}\n`)).toBe(true);
    expect(await launchAtLogin(`[Desktop Entry]\nType=Application\n${exec}\nHidden=true\n`)).toBe(
      false,
    );
  });
});

describe('the quick chat shortcut', () => {
  it('on GNOME Wayland is bound through the portal only for Hearth’s desktop id, and Settings says it cannot be known to work', async () => {
    const dataHome = tempDir('desktop-data');
    const env = { XDG_SESSION_TYPE: 'wayland', XDG_DATA_HOME: dataHome, XDG_DATA_DIRS: dataHome };
    const app = launch({ dataDir: tempDir('desktop-linux'), env });
    const state = await loaded(app);
    expect(state.shortcuts).toEqual(['Alt+Shift+H']);
    const status = await desktopStatus(app);
    expect(status.shortcut).toBe('unverified');
    expect(status.quickChatCommand).toBe(`${process.execPath} ${REPO_ROOT} --quick-chat`);
    // Not installed: the portal refuses, and the app hears nothing of it.
    expect(await app.command('pressShortcut', { accelerator: 'Alt+Shift+H' })).toEqual({
      delivered: false,
    });

    // Installed under package.json's desktopName, as the deb and the AppImage's integration do.
    const project = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      desktopName: string;
    };
    mkdirSync(join(dataHome, 'applications'));
    writeFileSync(
      join(dataHome, 'applications', project.desktopName),
      '[Desktop Entry]\nType=Application\nName=Hearth\nExec=hearth %U\n',
    );
    expect(await app.command('pressShortcut', { accelerator: 'Alt+Shift+H' })).toEqual({
      delivered: true,
    });
  });

  it('from an AppImage on GNOME Wayland, reaches Hearth: Hearth installs the desktop entry the portal needs', async () => {
    const dataHome = tempDir('desktop-data');
    const appImage = join(tempDir('desktop-apps'), 'Hearth 0.1.0.AppImage');
    const env = {
      XDG_SESSION_TYPE: 'wayland',
      XDG_DATA_HOME: dataHome,
      XDG_DATA_DIRS: join(dataHome, 'none'),
      APPIMAGE: appImage,
      // The AppImage runtime's mount, which holds the executable (here the stand-in's Node).
      APPDIR: dirname(process.execPath),
    };
    const app = launch({ dataDir: tempDir('desktop-linux'), env });
    await loaded(app);
    const entry = readFileSync(
      join(dataHome, 'applications', 'io.github.hearth.Hearth.desktop'),
      'utf8',
    );
    expect(entry).toContain(`\nExec="${appImage}" %U\n`);
    expect(await app.command('pressShortcut', { accelerator: 'Alt+Shift+H' })).toEqual({
      delivered: true,
    });
    expect((await desktopStatus(app)).quickChatCommand).toBe(`'${appImage}' --quick-chat`);
  });

  it('on X11 another app holding the key is known, and Settings offers the command instead', async () => {
    const app = launch({
      dataDir: tempDir('desktop-linux'),
      env: { XDG_SESSION_TYPE: 'x11', STANDIN_TAKEN_SHORTCUTS: 'Alt+Shift+H' },
    });
    await loaded(app);
    expect((await desktopStatus(app)).shortcut).toBe('failed');
    const free = launch({ dataDir: tempDir('desktop-linux'), env: { XDG_SESSION_TYPE: 'x11' } });
    await loaded(free);
    expect((await desktopStatus(free)).shortcut).toBe('registered');
  });
});
