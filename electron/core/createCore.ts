/**
 * Assembles the main-process core that both hosts run: the desktop app (electron/main.ts) and
 * the browser host (electron/headless.ts). Host-specific effects come in as functions; nothing
 * here imports Electron.
 */
import type { AppInfo } from '../../preload/contract';
import { createEventHub, type EventHub } from './bridge/events';
import { createRouter, type Router, type Sender } from './bridge/router';
import { createHandlers } from './channelTable';
import { createLinkService, type ExternalOpener, type LinkService } from './links';
import type { Logger } from './logger';
import { createNotices, type Notices } from './notices';
import { createSettingsService, type SettingsService } from './settingsService';
import { openSettingsStore } from './store/settingsStore';

export interface CoreOptions {
  dataDir: string;
  appInfo: Omit<AppInfo, 'dataDir'>;
  logger: Logger;
  /** True only for frames (or sockets) showing the app's own pages. */
  isTrustedSender(sender: Sender): boolean;
  openExternal: ExternalOpener;
}

export interface Core {
  router: Router;
  events: EventHub;
  notices: Notices;
  settings: SettingsService;
  links: LinkService;
  appInfo: AppInfo;
}

export function createCore(options: CoreOptions): Core {
  const { dataDir, logger } = options;
  const events = createEventHub(logger.child('events'));
  const notices = createNotices(events);
  const store = openSettingsStore({
    dataDir,
    onProblem: (message) => {
      logger.warn(message);
      notices.add('warning', message);
    },
  });
  const settings = createSettingsService(store, events);
  const links = createLinkService(options.openExternal, logger.child('links'));
  const appInfo: AppInfo = { ...options.appInfo, dataDir };
  const router = createRouter({
    handlers: createHandlers({ appInfo, settings, links, notices }),
    isTrustedSender: options.isTrustedSender,
    logger: logger.child('bridge'),
  });
  return { router, events, notices, settings, links, appInfo };
}
