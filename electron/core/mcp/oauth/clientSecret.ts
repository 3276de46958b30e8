/**
 * A pre-registered OAuth client's secret, like every secret, is kept in the vault: the config in
 * servers.json keeps the client id only, and the secret is filled back in for connecting.
 */
import type { ServerConfig } from '../../../../preload/schemas/servers';
import type { OAuthStore } from './tokenStore';

/** The config as servers.json keeps it; a typed secret goes to the vault, a blank one stays. */
export function storeClientSecret(
  store: OAuthStore,
  config: ServerConfig,
  previousServer: string | undefined,
): ServerConfig {
  if (config.transport.type !== 'http' || !config.transport.oauth) return config;
  const { clientSecret, ...oauth } = config.transport.oauth;
  if (clientSecret !== undefined && clientSecret !== '')
    store.saveClientSecret(config.name, clientSecret);
  else if (previousServer !== undefined && previousServer !== config.name) {
    const earlier = store.clientSecret(previousServer);
    if (earlier !== undefined) store.saveClientSecret(config.name, earlier);
  }
  if (!oauth.clientId) store.forget(config.name, ['client-secret']);
  return { ...config, transport: { ...config.transport, oauth } };
}

/** The config with the stored client secret filled in, for connecting. */
export function withClientSecret(store: OAuthStore, config: ServerConfig): ServerConfig {
  if (config.transport.type !== 'http' || !config.transport.oauth?.clientId) return config;
  const clientSecret = store.clientSecret(config.name);
  if (clientSecret === undefined) return config;
  return {
    ...config,
    transport: { ...config.transport, oauth: { ...config.transport.oauth, clientSecret } },
  };
}
