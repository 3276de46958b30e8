import { describe, expect, it } from 'vitest';
import { carryOverSignIn } from '../../../../electron/core/mcp/oauth/signInChange';
import { createOAuthStore } from '../../../../electron/core/mcp/oauth/tokenStore';
import { createMemoryVault } from '../../../../electron/core/secrets/secretVault';
import { serverConfigSchema, type ServerConfigInput } from '../../../../preload/schemas/servers';

const tokens = { access_token: 'a', token_type: 'Bearer' };
const remote = (
  patch: Partial<ServerConfigInput> = {},
  oauth = {},
  url = 'https://a.example/mcp',
) =>
  serverConfigSchema.parse({
    name: 'remote',
    transport: { type: 'http', url, oauth },
    ...patch,
  });

function signedIn() {
  const store = createOAuthStore(createMemoryVault());
  store.saveTokens('remote', tokens);
  store.saveClient('remote', { client_id: 'c' });
  return store;
}

describe('a saved change and the sign-in', () => {
  it('keeps the sign-in when only the name or other settings change', () => {
    const store = signedIn();
    carryOverSignIn(store, remote(), remote({ name: 'renamed', requestTimeoutMs: 5_000 }));
    expect(store.tokens('renamed')).toEqual(tokens);
    expect(store.tokens('remote')).toBeUndefined();
  });

  it('drops it for another address, another client or another way of signing in', () => {
    for (const after of [
      remote({}, {}, 'https://b.example/mcp'),
      remote({}, { clientId: 'other' }),
      remote({}, { grant: 'client_credentials', clientId: 'svc' }),
      serverConfigSchema.parse({ name: 'remote', transport: { type: 'stdio', command: 'x' } }),
    ]) {
      const store = signedIn();
      carryOverSignIn(store, remote(), after);
      expect(store.tokens('remote')).toBeUndefined();
      expect(store.client('remote')).toBeUndefined();
    }
  });
});
