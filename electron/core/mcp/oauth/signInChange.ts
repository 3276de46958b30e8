/**
 * What a saved config change means for a server's sign-in: a rename keeps it under the new name;
 * another address, another pre-registered client or another way of signing in is another
 * sign-in, so the old tokens go.
 */
import type { ServerConfig } from '../../../../preload/schemas/servers';
import type { OAuthStore } from './tokenStore';

export function carryOverSignIn(
  store: OAuthStore,
  before: ServerConfig,
  after: ServerConfig,
): void {
  const target = (config: ServerConfig) =>
    config.transport.type === 'http'
      ? JSON.stringify([
          config.transport.url,
          config.transport.oauth?.clientId ?? null,
          config.transport.oauth?.grant ?? 'authorization_code',
        ])
      : undefined;
  if (target(before) !== target(after) || after.transport.type !== 'http') {
    store.forget(before.name, ['tokens', 'client']);
  }
  if (before.name !== after.name) store.rename(before.name, after.name);
}
