/**
 * A pre-registered OAuth client's secret or private key, like every secret, is kept in the
 * vault: the config in servers.json keeps the client id only, and they are filled back in for
 * connecting.
 */
import type { ServerConfig } from '../../../../preload/schemas/servers';
import type { OAuthStore } from './tokenStore';

/** The config as servers.json keeps it; a typed secret or key goes to the vault, a blank one stays. */
export function storeClientSecret(
  store: OAuthStore,
  config: ServerConfig,
  previousServer: string | undefined,
): ServerConfig {
  if (config.transport.type !== 'http' || !config.transport.oauth) return config;
  const { clientSecret, clientPrivateKey, ...oauth } = config.transport.oauth;
  const renamedFrom =
    previousServer !== undefined && previousServer !== config.name ? previousServer : undefined;
  if (clientSecret) store.saveClientSecret(config.name, clientSecret);
  else if (renamedFrom !== undefined) {
    const earlier = store.clientSecret(renamedFrom);
    if (earlier !== undefined) store.saveClientSecret(config.name, earlier);
  }
  if (clientPrivateKey) store.saveClientKey(config.name, clientPrivateKey);
  else if (renamedFrom !== undefined) {
    const earlier = store.clientKey(renamedFrom);
    if (earlier !== undefined) store.saveClientKey(config.name, earlier);
  }
  if (!oauth.clientId) store.forget(config.name, ['client-secret', 'client-key']);
  return { ...config, transport: { ...config.transport, oauth } };
}

/** The config with the stored client secret and key filled in, for connecting. */
export function withClientSecret(store: OAuthStore, config: ServerConfig): ServerConfig {
  if (config.transport.type !== 'http' || !config.transport.oauth?.clientId) return config;
  const clientSecret = store.clientSecret(config.name);
  const clientPrivateKey = store.clientKey(config.name);
  if (clientSecret === undefined && clientPrivateKey === undefined) return config;
  return {
    ...config,
    transport: {
      ...config.transport,
      oauth: {
        ...config.transport.oauth,
        ...(clientSecret !== undefined ? { clientSecret } : {}),
        ...(clientPrivateKey !== undefined ? { clientPrivateKey } : {}),
      },
    },
  };
}
