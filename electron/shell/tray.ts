/**
 * The tray icon and its menu, rebuilt from core/desktop/trayMenu whenever a server's state, the
 * waiting questions or "Pause all tools" change. The icon switches to its attention variant
 * while an approval or a password waits.
 */
import {
  app,
  Menu,
  nativeImage,
  Tray,
  type MenuItemConstructorOptions,
  type NativeImage,
} from 'electron';
import { join } from 'node:path';
import type { ServerStatus } from '../../preload/schemas/servers';
import { trayIconState, trayMenuModel, trayTooltip, type TrayItem } from '../core/desktop';

export type TrayAction = Extract<TrayItem, { kind: 'action' }>['id'];

export interface TrayState {
  servers: ServerStatus[];
  toolsPaused: boolean;
  waiting: { approvals: number; passwords: number };
  mainWindowVisible: boolean;
}

export interface HearthTray {
  update(state: TrayState): void;
  bounds(): Electron.Rectangle;
  destroy(): void;
}

/** Where the tray images are: beside the app in a package, in build/ while developing. */
function iconFolder(): string {
  return app.isPackaged ? process.resourcesPath : join(app.getAppPath(), 'build');
}

function icon(state: 'normal' | 'attention'): NativeImage {
  // macOS draws template images in the menu bar's own colour, light or dark; a dot in the corner
  // says something waits for the user.
  const name = state === 'attention' ? 'trayAttention' : 'tray';
  const file = process.platform === 'darwin' ? `${name}Template.png` : `${name}.png`;
  const image = nativeImage.createFromPath(join(iconFolder(), file));
  if (process.platform === 'darwin') image.setTemplateImage(true);
  return image;
}

export function createTray(
  onAction: (action: TrayAction) => void,
  onClick: () => void,
): HearthTray {
  const tray = new Tray(icon('normal'));
  let lastIcon: 'normal' | 'attention' = 'normal';
  tray.setToolTip('Hearth');
  tray.on('click', onClick);

  const toMenu = (items: TrayItem[]): MenuItemConstructorOptions[] =>
    items.map((item) => {
      if (item.kind === 'separator') return { type: 'separator' };
      if (item.kind === 'info') return { label: item.label, enabled: false };
      return {
        label: item.label,
        ...(item.checked === undefined ? {} : { type: 'checkbox' as const, checked: item.checked }),
        ...(item.accelerator ? { accelerator: item.accelerator } : {}),
        click: () => onAction(item.id),
      };
    });

  return {
    update(state) {
      tray.setContextMenu(Menu.buildFromTemplate(toMenu(trayMenuModel(state))));
      tray.setToolTip(trayTooltip({ waiting: state.waiting, toolsPaused: state.toolsPaused }));
      const wanted = trayIconState(state.waiting);
      if (wanted !== lastIcon) {
        tray.setImage(icon(wanted));
        lastIcon = wanted;
      }
    },
    bounds: () => tray.getBounds(),
    destroy: () => tray.destroy(),
  };
}
