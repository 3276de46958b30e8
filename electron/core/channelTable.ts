/**
 * The one table from contract channels to service methods. It holds no logic: arguments arrive
 * parsed by the router, and each line forwards them.
 */
import type { Handlers } from './bridge/router';
import type { AppInfo } from '../../preload/contract';
import type { LinkService } from './links';
import type { Notices } from './notices';
import type { SettingsService } from './settingsService';

export interface Services {
  appInfo: AppInfo;
  settings: SettingsService;
  links: LinkService;
  notices: Notices;
}

export function createHandlers(services: Services): Handlers {
  return {
    'app:info': () => services.appInfo,
    'settings:get': () => services.settings.get(),
    'settings:set': (patch) => services.settings.update(patch),
    'links:open': (url) => services.links.open(url),
    'notices:list': () => services.notices.list(),
    'notices:dismiss': (id) => services.notices.dismiss(id),
  };
}
