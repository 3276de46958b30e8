/**
 * What a server says on its own: log messages go to its log pane, changed lists are read again,
 * and a watched resource that changed is passed on. Each handler ignores a connection that has
 * since been replaced (`isCurrent`).
 */
import type { Client } from '@modelcontextprotocol/client';
import type { ServerLog } from './serverLog';

export interface NotificationHandlers {
  log: ServerLog;
  /** True while this client is still the server's live connection. */
  isCurrent(): boolean;
  /** Tools, resources or prompts changed: read the lists again. */
  refreshLists(): Promise<void>;
  onResourceUpdated?(uri: string): void;
}

export function followServerNotifications(client: Client, handlers: NotificationHandlers): void {
  const { log, isCurrent } = handlers;
  client.setNotificationHandler('notifications/message', (notification) => {
    const { level, data, logger } = notification.params;
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    log.add('mcp', level, logger ? `[${logger}] ${text}` : text);
  });
  const refresh = async () => {
    if (!isCurrent()) return;
    try {
      await handlers.refreshLists();
    } catch (error) {
      log.add(
        'hearth',
        'warning',
        `Could not refresh the server’s lists: ${(error as Error).message}`,
      );
    }
  };
  client.setNotificationHandler('notifications/tools/list_changed', refresh);
  client.setNotificationHandler('notifications/resources/list_changed', refresh);
  client.setNotificationHandler('notifications/prompts/list_changed', refresh);
  client.setNotificationHandler('notifications/resources/updated', (notification) => {
    if (isCurrent()) handlers.onResourceUpdated?.(notification.params.uri);
  });
}
