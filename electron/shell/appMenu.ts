/**
 * The application menu with the usual roles and shortcuts (Edit's copy and paste, Window's
 * minimize, the macOS app menu), plus Hearth's own entries, which ask the renderer to navigate.
 */
import { app, Menu, type MenuItemConstructorOptions } from 'electron';

export type MenuCommand =
  'new-chat' | 'servers' | 'settings' | 'about' | 'search' | 'composer' | 'shortcuts';

export function installAppMenu(
  run: (command: MenuCommand) => void,
  options: { development: boolean },
): void {
  const isMac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(isMac
      ? [
          {
            label: app.getName(),
            submenu: [
              { label: 'About Hearth', click: () => run('about') },
              { type: 'separator' as const },
              { label: 'Settings…', accelerator: 'Cmd+,', click: () => run('settings') },
              { type: 'separator' as const },
              { role: 'services' as const },
              { type: 'separator' as const },
              { role: 'hide' as const },
              { role: 'hideOthers' as const },
              { role: 'unhide' as const },
              { type: 'separator' as const },
              { role: 'quit' as const },
            ],
          },
        ]
      : []),
    {
      label: 'File',
      submenu: [
        { label: 'New chat', accelerator: 'CmdOrCtrl+N', click: () => run('new-chat') },
        // The page handles these keys itself (renderer/src/shortcuts.ts), in the browser host
        // too: the menu shows them without taking them.
        {
          label: 'Search conversations',
          accelerator: 'CmdOrCtrl+K',
          registerAccelerator: false,
          click: () => run('search'),
        },
        {
          label: 'Go to the message field',
          accelerator: 'Shift+Escape',
          registerAccelerator: false,
          click: () => run('composer'),
        },
        { label: 'Servers', accelerator: 'CmdOrCtrl+Shift+S', click: () => run('servers') },
        ...(isMac
          ? []
          : [{ label: 'Settings…', accelerator: 'Ctrl+,', click: () => run('settings') }]),
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        ...(options.development
          ? [
              { role: 'reload' as const },
              { role: 'toggleDevTools' as const },
              { type: 'separator' as const },
            ]
          : []),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      label: 'Help',
      submenu: [
        {
          label: 'Keyboard shortcuts',
          accelerator: 'CmdOrCtrl+/',
          registerAccelerator: false,
          click: () => run('shortcuts'),
        },
        ...(isMac ? [] : [{ label: 'About Hearth', click: () => run('about') }]),
      ],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
