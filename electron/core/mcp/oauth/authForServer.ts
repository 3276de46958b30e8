/**
 * The OAuth side of one configured server: remote (http) servers get a ServerAuth reading the
 * latest settings (client id and secret filled in from the vault); other servers none.
 */
import type { ServerConfig } from '../../../../preload/schemas/servers';
import type { ServerLog } from '../fromServer/serverLog';
import { createServerAuth, type ServerAuth } from './serverAuth';
import type { OAuthStore } from './tokenStore';

export function authForServer(
  config: ServerConfig,
  deps: {
    /** The latest config, secrets filled in. */
    current(): ServerConfig;
    store: OAuthStore;
    clientVersion: string;
    openAuthorization?: (url: string) => Promise<void>;
    log: ServerLog;
    onChange(): void;
  },
): ServerAuth | undefined {
  if (config.transport.type !== 'http') return undefined;
  const { url } = config.transport;
  return createServerAuth({
    server: () => config.name,
    serverUrl: () => url,
    settings: () => {
      const latest = deps.current();
      return latest.transport.type === 'http' ? latest.transport.oauth : undefined;
    },
    allowUnencrypted: () => {
      const latest = deps.current();
      return latest.transport.type === 'http' && latest.transport.allowUnencrypted === true;
    },
    store: deps.store,
    clientVersion: deps.clientVersion,
    openAuthorization: async (page) => {
      if (!deps.openAuthorization) throw new Error('This Hearth cannot open a sign-in page.');
      await deps.openAuthorization(page);
    },
    log: (level, text) => deps.log.add('hearth', level, text),
    onChange: deps.onChange,
  });
}
