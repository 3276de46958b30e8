/**
 * What a connection listens to on a server's client: its notifications, its errors, the end of
 * the connection, and (on the 2026 protocol) the stream its list changes come on. Each hook
 * ignores a client that has since been replaced (`isCurrent`).
 */
import type { Client, Transport } from '@modelcontextprotocol/client';
import type { ServerLog } from '../fromServer/serverLog';
import { followServerNotifications } from '../fromServer/serverNotifications';
import { isSignInRequired } from '../oauth/signInRequired';
import { isSessionGone } from './sessionExpiry';

export interface ClientWatch {
  log: ServerLog;
  /** True while this client's start is the connection's latest. */
  isCurrent(): boolean;
  isReady(): boolean;
  transport(): Transport | undefined;
  /** The connection ended without Hearth asking; `ended` says how, when the transport cannot. */
  crashed(ended?: string): void;
  /** Tools, resources or prompts changed: read the lists again. */
  refreshLists(): Promise<void>;
  onResourceUpdated(uri: string): void;
}

/** Notifications, and what to do when the connection ends by itself. */
export function watchClient(client: Client, watch: ClientWatch): void {
  const { log } = watch;
  // Transport errors can carry a whole HTML error page: the first line says enough.
  client.onerror = (error) => {
    // A request that needs a sign-in is said once, by connect(), not as a warning per request.
    if (isSignInRequired(error)) return;
    // The spec's answer to a session the server no longer knows: start a new one.
    if (watch.isCurrent() && watch.isReady() && isSessionGone(error, watch.transport())) {
      watch.crashed('ended the session (HTTP 404)');
      return;
    }
    log.add('hearth', 'warning', error.message.split('\n')[0]?.slice(0, 500) ?? '');
  };
  client.onclose = () => {
    // A connection that closes while starting fails the start; only a ready one has crashed.
    if (watch.isCurrent() && watch.isReady()) watch.crashed();
  };
  followServerNotifications(client, {
    log,
    isCurrent: () => watch.isCurrent() && watch.isReady(),
    refreshLists: () => watch.refreshLists(),
    onResourceUpdated: (uri) => watch.onResourceUpdated(uri),
  });
}

/**
 * A 2026-07-28 server sends its list changes on a `subscriptions/listen` stream, not on its
 * own: open one for the lists it says can change. Its notifications reach the same handlers.
 * `opened` gets the stream's close, unless the client is no longer current by then.
 */
export function listenForListChanges(
  client: Client,
  hooks: {
    log: ServerLog;
    isCurrent(): boolean;
    isLive(): boolean;
    opened(close: () => void): void;
  },
): void {
  if (client.getProtocolEra() !== 'modern') return;
  const capabilities = client.getServerCapabilities();
  const filter = {
    ...(capabilities?.tools?.listChanged ? { toolsListChanged: true } : {}),
    ...(capabilities?.prompts?.listChanged ? { promptsListChanged: true } : {}),
    ...(capabilities?.resources?.listChanged ? { resourcesListChanged: true } : {}),
  };
  if (Object.keys(filter).length === 0) return;
  client
    .listen(filter)
    .then((subscription) => {
      if (!hooks.isLive()) {
        void subscription.close();
        return;
      }
      hooks.opened(() => void subscription.close());
    })
    .catch((error: unknown) => {
      if (!hooks.isCurrent()) return;
      hooks.log.add(
        'hearth',
        'warning',
        `Could not follow the server’s list changes (subscriptions/listen): ${(error as Error).message}`,
      );
    });
}
