/**
 * Says so when the browser host's connection is lost; the desktop bridge never is. The first
 * connection needs no banner: the page itself came from the same host a moment ago.
 */
import type { ConnectionStatus } from '../bridge/webSocketTransport';

const MESSAGES: Partial<Record<ConnectionStatus, string>> = {
  reconnecting: 'The connection to Hearth was lost. Reconnecting…',
  closed: 'Disconnected from Hearth. Reload the page to connect again.',
};

export function ConnectionBanner({ status }: { status: ConnectionStatus }) {
  const message = MESSAGES[status];
  if (!message) return null;
  return (
    <div className="banner" role="status">
      {message}
    </div>
  );
}
