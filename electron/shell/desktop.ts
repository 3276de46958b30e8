/**
 * Hearth on the desktop: the tray and its menu where the desktop shows one, the quick-chat popup
 * and its global shortcut, the application menu, what closing the window does (said once), and a
 * notification when a question waits with no window open. Everything it shows comes from the
 * core's events.
 */
import { app, globalShortcut, Notification, type BrowserWindow } from 'electron';
import Conf from 'conf';
import { homedir } from 'node:os';
import type { Core } from '../core/createCore';
import {
  closeAction,
  commandLine,
  ensureAppImageEntry,
  findTrayHost,
  findTrayHostSync,
  hasTray,
  launchCommand,
  registerShortcut,
  shortcutStatus,
} from '../core/desktop';
import { installAppMenu, type MenuCommand } from './appMenu';
import { createQuickChat } from './popupWindow';
import { createTray, type HearthTray, type TrayAction } from './tray';

export interface DesktopOptions {
  core: Core;
  preloadPath: string;
  url: string;
  development: boolean;
  mainWindow(): BrowserWindow | undefined;
  showMainWindow(): void;
}

export function startDesktop(options: DesktopOptions): {
  quitting(): void;
  toggleQuickChat(): void;
} {
  const { core } = options;
  const memory = new Conf<{ closedToTrayOnce?: boolean; minimisedOnce?: boolean }>({
    cwd: core.appInfo.dataDir,
    configName: 'desktop-state',
    clearInvalidConfig: true,
  });
  const quickChat = createQuickChat({ preloadPath: options.preloadPath, url: options.url });
  let quitting = false;
  let shortcut: string | undefined;

  const navigate = (view: MenuCommand) => {
    options.showMainWindow();
    core.events.emit('app:navigate', { view });
  };
  const onAction = (action: TrayAction) => {
    if (action === 'quick-chat')
      quickChat.toggle(tray?.bounds() ?? { x: 0, y: 0, width: 0, height: 0 });
    else if (action === 'open' || action === 'answer') options.showMainWindow();
    else if (action === 'settings') navigate('settings');
    else if (action === 'pause-tools')
      core.settings.update({ chat: { toolsPaused: !core.settings.get().chat.toolsPaused } });
    else app.quit();
  };

  let tray: HearthTray | undefined;
  /** Whether the desktop shows the tray icon, as last asked (see core/desktop/trayHost.ts). */
  let trayShown = false;
  const makeTray = () => {
    if (tray) return;
    try {
      tray = createTray(onAction, () =>
        quickChat.toggle(tray?.bounds() ?? { x: 0, y: 0, width: 0, height: 0 }),
      );
      refreshTray();
    } catch {
      // Electron throws only before ready; without an icon Hearth is an ordinary windowed app.
      tray = undefined;
    }
  };
  /**
   * Takes the desktop's answer to whether it shows tray icons. On Linux the icon is made only once
   * a host is there: made without one, Electron falls back to a GtkStatusIcon that stays invisible
   * (tray_icon_linux.cc), and the first icon made with a host uses StatusNotifierItem
   * (docs/api/tray.md). Chromium registers that icon again when the host comes back.
   */
  const takeTrayAnswer = (shown: boolean): boolean => {
    if (shown) makeTray();
    trayShown = shown && tray !== undefined;
    core.desktopStatus.set({ tray: trayShown });
    return trayShown;
  };
  /**
   * Asks again, in the background: when the main window is shown or focused, and after it was
   * hidden by a close, so a desktop that changed (an AppIndicator extension switched on or off, a
   * panel restarted) is seen without a watch on the bus running all the time.
   */
  const checkTrayHost = async (): Promise<boolean> =>
    takeTrayAnswer(hasTray(await findTrayHost({ platform: process.platform, env: process.env })));

  const refreshTray = () => {
    const pending = core.questions.pending();
    tray?.update({
      servers: core.mcp.list().map((entry) => entry.status),
      toolsPaused: core.settings.get().chat.toolsPaused,
      waiting: { approvals: pending.approvals.length, passwords: pending.sudo.length },
      mainWindowVisible: options.mainWindow()?.isVisible() ?? false,
    });
  };

  const applyShortcut = () => {
    const wanted = core.settings.get().desktop.quickChatShortcut;
    if (wanted === shortcut) return;
    const result = registerShortcut(
      globalShortcut,
      wanted,
      () => quickChat.toggle(tray?.bounds() ?? { x: 0, y: 0, width: 0, height: 0 }),
      shortcut,
    );
    shortcut = result.ok ? wanted : undefined;
    core.desktopStatus.set({
      shortcut: shortcutStatus({
        platform: process.platform,
        env: process.env,
        registered: result.ok,
      }),
    });
    if (!result.ok) core.notices.add('warning', result.message);
  };

  const anyWindowVisible = () =>
    (options.mainWindow()?.isVisible() ?? false) || quickChat.isVisible();
  const notify = (title: string, body: string) => {
    if (anyWindowVisible() || !Notification.isSupported()) return;
    const notification = new Notification({ title, body });
    notification.on('click', () => options.showMainWindow());
    notification.show();
  };

  core.events.addSink((channel, payload) => {
    if (channel === 'approval:request') {
      const request = payload as { tool: string; server: string };
      notify(
        'Hearth is waiting for your approval',
        `${request.tool} from ${request.server} wants to run.`,
      );
    }
    if (channel === 'sudo:request')
      notify('Hearth needs your password', 'A command asks to run as administrator.');
    if (channel === 'settings:changed') applyShortcut();
    if (
      [
        'servers:status',
        'settings:changed',
        'approval:request',
        'approval:resolved',
        'sudo:request',
        'sudo:resolved',
      ].includes(channel)
    ) {
      refreshTray();
    }
  });

  installAppMenu((command) => (command === 'new-chat' ? navigate('new-chat') : navigate(command)), {
    development: options.development,
  });

  const sayOnce = (key: 'closedToTrayOnce' | 'minimisedOnce', body: string) => {
    if (memory.get(key)) return;
    memory.set(key, true);
    if (Notification.isSupported())
      new Notification({ title: 'Hearth is still running', body }).show();
  };
  /** Minimises or quits, as Settings says, where there is no tray to close into. */
  const closeWithoutTray = (window: BrowserWindow) => {
    if (core.settings.get().desktop.closeWithoutTray === 'quit') {
      app.quit();
      return;
    }
    if (!window.isVisible()) window.showInactive();
    window.minimize();
    sayOnce(
      'minimisedOnce',
      'Its window is minimised and the quick chat shortcut still works. Quit it with File › Quit (Ctrl+Q), or make closing quit in Settings › Desktop.',
    );
  };

  app.on('browser-window-created', (_event, window) => {
    window.on('close', (event) => {
      const action = closeAction({
        quitting,
        isMainWindow: window === options.mainWindow(),
        tray: trayShown,
        setting: core.settings.get().desktop.closeWithoutTray,
      });
      if (action === 'close') return;
      event.preventDefault();
      if (action !== 'hide') {
        closeWithoutTray(window);
        return;
      }
      // Kept in the tray, where it answers the quick chat.
      window.hide();
      sayOnce('closedToTrayOnce', 'It keeps working in the tray. Quit it from the tray menu.');
      refreshTray();
      // A tray that went away since the desktop was last asked would leave no way back.
      void checkTrayHost().then(
        (shown) => {
          if (!shown && !window.isDestroyed() && !window.isVisible()) closeWithoutTray(window);
        },
        () => undefined,
      );
    });
    // The desktop may have gained or lost its tray since it was last asked.
    const recheck = () => {
      if (window === options.mainWindow()) void checkTrayHost().catch(() => undefined);
    };
    window.on('show', recheck);
    window.on('focus', recheck);
  });

  core.desktopStatus.set({
    quickChatCommand: commandLine([
      ...launchCommand({
        env: process.env,
        execPath: process.execPath,
        isPackaged: app.isPackaged,
        appPath: app.getAppPath(),
      }),
      '--quick-chat',
    ]),
  });
  if (process.platform === 'linux') {
    // Run from an AppImage, Hearth has no installed desktop entry for the portal to know it by.
    try {
      ensureAppImageEntry({
        env: process.env,
        execPath: process.execPath,
        home: homedir(),
        name: app.getName(),
        comment: 'Chat with a local Ollama model that uses tools from MCP servers',
      });
    } catch {
      // Only the portal's shortcut needs it, and Settings shows the command to bind instead.
    }
  }
  // Known before any window can be closed: a client answers in milliseconds (trayHost.ts).
  takeTrayAnswer(hasTray(findTrayHostSync({ platform: process.platform, env: process.env })));
  applyShortcut();
  refreshTray();
  return {
    toggleQuickChat: () => quickChat.toggle(tray?.bounds() ?? { x: 0, y: 0, width: 0, height: 0 }),
    quitting() {
      quitting = true;
      globalShortcut.unregisterAll();
      tray?.destroy();
    },
  };
}
