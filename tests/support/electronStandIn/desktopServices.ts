/**
 * The stand-in's desktop services: `Tray`, `Menu`, `globalShortcut`, `Notification`, `dialog`,
 * `shell`, `screen`, `nativeTheme` and `nativeImage` (safeStorage is in ./safeStorage.ts), each recording what the app
 * asked, refusing what Electron refuses (a tray or the screen before ready, a menu item with no
 * label, role or type, a taken shortcut), and answering as a Linux desktop with a keyring would.
 */
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import type {
  Display,
  GlobalShortcut,
  MenuItemConstructorOptions,
  NativeImage,
  NativeTheme,
  NotificationConstructorOptions,
  OpenDialogOptions,
  OpenDialogReturnValue,
  Point,
  Rectangle,
  SaveDialogOptions,
  SaveDialogReturnValue,
  Screen,
  Shell,
} from 'electron';
import { app } from './lifecycle';
import { note } from './recorder';
import { portalBindsShortcuts, shortcutsGoThroughPortal, trayHostOnBus } from './linuxDesktop';

/** A menu item as plain data: what the test reads back. */
export interface MenuDescription {
  label?: string;
  role?: string;
  type?: string;
  accelerator?: string;
  enabled: boolean;
  checked?: boolean;
  submenu?: MenuDescription[];
}

export interface MenuItemStandIn extends Omit<MenuDescription, 'submenu'> {
  submenu?: MenuStandIn;
  click?: (...args: unknown[]) => void;
}

export class MenuStandIn {
  constructor(readonly items: MenuItemStandIn[]) {}

  static buildFromTemplate(template: (MenuItemConstructorOptions | MenuStandIn)[]): MenuStandIn {
    return new MenuStandIn(
      template.map((entry) => {
        const options = entry as MenuItemConstructorOptions;
        if (!options.label && !options.role && !options.type && !options.submenu)
          throw new Error(
            'Invalid template for MenuItem: must have at least one of label, role or type',
          );
        const submenu = options.submenu
          ? options.submenu instanceof MenuStandIn
            ? options.submenu
            : MenuStandIn.buildFromTemplate(options.submenu as MenuItemConstructorOptions[])
          : undefined;
        return {
          ...(options.label === undefined ? {} : { label: options.label }),
          ...(options.role === undefined ? {} : { role: options.role }),
          ...(options.type === undefined ? {} : { type: options.type }),
          ...(options.accelerator === undefined
            ? {}
            : { accelerator: String(options.accelerator) }),
          ...(options.checked === undefined ? {} : { checked: options.checked }),
          ...(submenu ? { submenu } : {}),
          ...(options.click ? { click: options.click as (...args: unknown[]) => void } : {}),
          enabled: options.enabled ?? true,
        };
      }),
    );
  }

  static applicationMenu: MenuStandIn | null = null;

  static setApplicationMenu(menu: MenuStandIn | null): void {
    MenuStandIn.applicationMenu = menu;
    note('Menu.setApplicationMenu');
  }

  static getApplicationMenu(): MenuStandIn | null {
    return MenuStandIn.applicationMenu;
  }

  /** Plain data for the test: labels, roles, accelerators, checks, and submenus. */
  describe(): MenuDescription[] {
    return this.items.map(({ submenu, click, ...item }) => {
      void click;
      return { ...item, ...(submenu ? { submenu: submenu.describe() } : {}) };
    });
  }

  /** Clicks the item at `path` (labels), as a user would: a checkbox flips first. */
  click(path: string[]): void {
    const [first, ...rest] = path;
    const item = this.items.find((entry) => entry.label === first);
    if (!item) throw new Error(`No menu item "${first}"`);
    if (rest.length > 0) {
      if (!item.submenu) throw new Error(`"${first}" has no submenu`);
      item.submenu.click(rest);
      return;
    }
    if (!item.enabled) throw new Error(`"${first}" is disabled`);
    if (item.type === 'checkbox') item.checked = !item.checked;
    item.click?.(item, undefined, { triggeredByAccelerator: false });
  }
}

export const nativeImage = {
  createFromPath(
    path: string,
  ): Pick<NativeImage, 'isEmpty' | 'setTemplateImage'> & { path: string } {
    note('nativeImage.createFromPath', { path, exists: existsSync(path) });
    return { path, isEmpty: () => !existsSync(path), setTemplateImage: () => undefined };
  },
};

export class TrayStandIn extends EventEmitter {
  static current: TrayStandIn | undefined;
  tooltip = '';
  menu: MenuStandIn | null = null;
  destroyed = false;
  readonly images: string[] = [];
  /** Whether the desktop shows it: not on Linux without a tray host (./linuxDesktop.ts). */
  readonly shown = trayHostOnBus();

  constructor(image: { path: string }) {
    super();
    if (!app.isReady()) throw new Error('Cannot create Tray before app is ready');
    this.images.push(image.path);
    TrayStandIn.current = this;
    note('Tray', { image: image.path });
  }

  setToolTip(text: string): void {
    this.tooltip = text;
  }

  setContextMenu(menu: MenuStandIn | null): void {
    this.menu = menu;
  }

  setImage(image: { path: string }): void {
    this.images.push(image.path);
  }

  getBounds(): Rectangle {
    return { x: 1800, y: 0, width: 24, height: 24 };
  }

  destroy(): void {
    this.destroyed = true;
    note('Tray.destroy');
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }
}

class GlobalShortcutStandIn {
  readonly registered = new Map<string, () => void>();
  /** Accelerators another app holds, so registering them fails as it does in Electron. */
  readonly takenElsewhere = new Set(
    (process.env.STANDIN_TAKEN_SHORTCUTS ?? '').split(',').filter(Boolean),
  );

  register(accelerator: string, callback: () => void): boolean {
    if (!app.isReady()) throw new Error('globalShortcut cannot be used before the app is ready');
    // Through the Wayland portal it is true at once, taken or not (./linuxDesktop.ts).
    const viaPortal = shortcutsGoThroughPortal();
    if (!viaPortal && (this.takenElsewhere.has(accelerator) || this.registered.has(accelerator)))
      return false;
    this.registered.set(accelerator, callback);
    note('globalShortcut.register', { accelerator });
    return true;
  }

  isRegistered(accelerator: string): boolean {
    return this.registered.has(accelerator);
  }

  /** Whether pressing it reaches the app: the portal may have refused it without saying. */
  delivers(accelerator: string): boolean {
    if (!shortcutsGoThroughPortal()) return true;
    return !this.takenElsewhere.has(accelerator) && portalBindsShortcuts();
  }

  unregister(accelerator: string): void {
    this.registered.delete(accelerator);
  }

  unregisterAll(): void {
    this.registered.clear();
    note('globalShortcut.unregisterAll');
  }
}

export const globalShortcut = new GlobalShortcutStandIn();
export const globalShortcutShape: Pick<
  GlobalShortcut,
  'register' | 'isRegistered' | 'unregister' | 'unregisterAll'
> = globalShortcut;

export class NotificationStandIn extends EventEmitter {
  static readonly shown: NotificationConstructorOptions[] = [];

  static isSupported(): boolean {
    return true;
  }

  constructor(readonly options: NotificationConstructorOptions = {}) {
    super();
  }

  show(): void {
    NotificationStandIn.shown.push({ title: this.options.title, body: this.options.body });
    note('Notification.show', { title: this.options.title });
  }
}

export const dialog = {
  errorBoxes: [] as { title: string; content: string }[],
  showErrorBox(title: string, content: string): void {
    this.errorBoxes.push({ title, content });
    note('dialog.showErrorBox', { title, content });
    // As Electron does where it has no window toolkit to show it with (Linux without a display).
    process.stderr.write(`${title}\n${content}\n`);
  },
  async showOpenDialog(...args: unknown[]): Promise<OpenDialogReturnValue> {
    const options = (args.length > 1 ? args[1] : args[0]) as OpenDialogOptions;
    note('dialog.showOpenDialog', { title: options.title, properties: options.properties });
    const chosen = process.env.STANDIN_OPEN_DIALOG_PATH;
    return chosen ? { canceled: false, filePaths: [chosen] } : { canceled: true, filePaths: [] };
  },
  /**
   * As Electron's (lib/browser/api/dialog.ts: a window first or the options alone; electron.d.ts
   * `SaveDialogReturnValue`): `{ canceled, filePath }`, the path empty when cancelled.
   */
  async showSaveDialog(...args: unknown[]): Promise<SaveDialogReturnValue> {
    const options = (args.length > 1 ? args[1] : args[0]) as SaveDialogOptions;
    note('dialog.showSaveDialog', { title: options.title, defaultPath: options.defaultPath });
    const chosen = process.env.STANDIN_SAVE_DIALOG_PATH;
    return chosen ? { canceled: false, filePath: chosen } : { canceled: true, filePath: '' };
  },
};

export const shell = {
  opened: [] as string[],
  async openExternal(url: string): Promise<void> {
    note('shell.openExternal', { url });
    this.opened.push(url);
  },
  async openPath(path: string): Promise<string> {
    note('shell.openPath', { path });
    return '';
  },
} satisfies Pick<Shell, 'openExternal' | 'openPath'> & { opened: string[] };

const PRIMARY: Display = {
  id: 1,
  label: 'Stand-in display',
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 27, width: 1920, height: 1053 },
  size: { width: 1920, height: 1080 },
  workAreaSize: { width: 1920, height: 1053 },
  scaleFactor: 1,
  rotation: 0,
  internal: false,
  monochrome: false,
  accelerometerSupport: 'unknown',
  colorDepth: 24,
  colorSpace: '{primaries:BT709, transfer:SRGB, matrix:RGB, range:FULL}',
  depthPerComponent: 8,
  detected: true,
  displayFrequency: 60,
  touchSupport: 'unknown',
  maximumCursorSize: { width: 64, height: 64 },
  nativeOrigin: { x: 0, y: 0 },
};

function readyScreen(): void {
  if (!app.isReady())
    throw new Error("The 'screen' module can't be used before the app 'ready' event");
}

export const screen = {
  getPrimaryDisplay(): Display {
    readyScreen();
    return PRIMARY;
  },
  getAllDisplays(): Display[] {
    readyScreen();
    return [PRIMARY];
  },
  getCursorScreenPoint(): Point {
    readyScreen();
    return { x: 1810, y: 10 };
  },
} satisfies Pick<Screen, 'getPrimaryDisplay' | 'getAllDisplays' | 'getCursorScreenPoint'>;

class NativeThemeStandIn extends EventEmitter {
  themeSource: NativeTheme['themeSource'] = 'system';
  get shouldUseDarkColors(): boolean {
    return this.themeSource === 'dark' || process.env.STANDIN_DARK === '1';
  }
}

export const nativeTheme = new NativeThemeStandIn();
