/**
 * Hearth on the desktop: the tray and its menu, the quick-chat popup and its global shortcut,
 * the application menu, closing to the tray (said once), and a notification when a question
 * waits with no window open. Everything it shows comes from the core's events.
 */
import { app, globalShortcut, Notification, type BrowserWindow } from 'electron';
import Conf from 'conf';
import type { Core } from '../core/createCore';
import { registerShortcut } from '../core/desktop';
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
  const memory = new Conf<{ closedToTrayOnce?: boolean }>({
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
  try {
    tray = createTray(onAction, () =>
      quickChat.toggle(tray?.bounds() ?? { x: 0, y: 0, width: 0, height: 0 }),
    );
  } catch (error) {
    // Some Linux desktops have no tray; the app then behaves like an ordinary windowed app.
    core.notices.add(
      'warning',
      `Hearth could not put an icon in the system tray (${(error as Error).message}); closing the window will quit.`,
    );
  }

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

  app.on('browser-window-created', (_event, window) => {
    window.on('close', (event) => {
      if (quitting || !tray || window !== options.mainWindow()) return;
      // Closing the window keeps Hearth in the tray, where it answers the quick chat.
      event.preventDefault();
      window.hide();
      if (!memory.get('closedToTrayOnce')) {
        memory.set('closedToTrayOnce', true);
        if (Notification.isSupported()) {
          new Notification({
            title: 'Hearth is still running',
            body: 'It keeps working in the tray. Quit it from the tray menu.',
          }).show();
        }
      }
      refreshTray();
    });
  });

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
