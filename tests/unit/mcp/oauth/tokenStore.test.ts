import { describe, expect, it } from 'vitest';
import { createOAuthStore } from '../../../../electron/core/mcp/oauth/tokenStore';
import { createMemoryVault } from '../../../../electron/core/secrets/secretVault';

const tokens = { access_token: 'a-1', token_type: 'Bearer', refresh_token: 'r-1', issuer: 'x' };

describe('the OAuth token store', () => {
  it('keeps tokens, registration and client secret in the vault, exactly as given', () => {
    const vault = createMemoryVault();
    const store = createOAuthStore(vault);
    store.saveTokens('GitHub', tokens);
    store.saveClient('GitHub', { client_id: 'c-1', client_secret: 's-1' });
    store.saveClientSecret('GitHub', 'pre-secret');
    expect(store.tokens('github')).toEqual(tokens);
    expect(store.client('GITHUB')).toEqual({ client_id: 'c-1', client_secret: 's-1' });
    expect(store.clientSecret('github')).toBe('pre-secret');
    expect(vault.keys('oauth:github:').sort()).toEqual([
      'oauth:github:client',
      'oauth:github:client-secret',
      'oauth:github:tokens',
    ]);
  });

  it('knows when the access token runs out, counted from when it came', () => {
    const store = createOAuthStore(createMemoryVault());
    store.saveTokens('a', { access_token: 'x', token_type: 'Bearer', expires_in: 60 }, 1_000);
    expect(store.expiresAt('a')).toBe(61_000);
    store.saveTokens('b', { access_token: 'x', token_type: 'Bearer' }, 1_000);
    expect(store.expiresAt('b')).toBeUndefined();
    expect(store.expiresAt('nobody')).toBeUndefined();
  });

  it('forgets what it is told to, and everything by default', () => {
    const store = createOAuthStore(createMemoryVault());
    store.saveTokens('a', tokens);
    store.saveClient('a', { client_id: 'c' });
    store.saveClientSecret('a', 's');
    store.forget('a', ['tokens']);
    expect(store.tokens('a')).toBeUndefined();
    expect(store.client('a')).toEqual({ client_id: 'c' });
    store.forget('a');
    expect(store.client('a')).toBeUndefined();
    expect(store.clientSecret('a')).toBeUndefined();
  });

  it('moves a sign-in with a renamed server, keeping a secret typed under the new name', () => {
    const store = createOAuthStore(createMemoryVault());
    store.saveTokens('old', tokens);
    store.saveClientSecret('old', 'old-secret');
    store.saveClientSecret('new', 'typed-secret');
    store.rename('old', 'new');
    expect(store.tokens('new')).toEqual(tokens);
    expect(store.clientSecret('new')).toBe('typed-secret');
    expect(store.tokens('old')).toBeUndefined();
    expect(store.clientSecret('old')).toBeUndefined();
  });

  it('reads a damaged entry as absent instead of throwing', () => {
    const vault = createMemoryVault();
    vault.set('oauth:a:tokens', '{not json');
    expect(createOAuthStore(vault).tokens('a')).toBeUndefined();
  });
});
