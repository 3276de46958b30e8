import { describe, expect, it } from 'vitest';
import {
  checkAuthorizationPage,
  checkedFetch,
  checkFetchableUrl,
  RefusedUrlError,
} from '../../../../electron/core/mcp/oauth/urlChecks';

describe('addresses from OAuth metadata', () => {
  it('fetches only http(s) addresses without credentials', () => {
    expect(checkFetchableUrl('https://auth.example.com/token').ok).toBe(true);
    expect(checkFetchableUrl('http://127.0.0.1:8080/.well-known/x').ok).toBe(true);
    for (const refused of [
      'file:///etc/passwd',
      'data:application/json,{}',
      'javascript:alert(1)',
      'ftp://example.com/x',
      'ms-settings:privacy',
      'https://user:pass@example.com/token',
      'not a url',
    ]) {
      const check = checkFetchableUrl(refused);
      expect(check.ok, refused).toBe(false);
    }
  });

  it('says why an address was refused', () => {
    const check = checkFetchableUrl('file:///etc/passwd');
    expect(check.ok ? '' : check.reason).toContain('file:');
  });

  it('opens a sign-in page only over https, or http to this computer', () => {
    expect(checkAuthorizationPage(new URL('https://auth.example.com/authorize?x=1')).ok).toBe(true);
    expect(checkAuthorizationPage(new URL('http://localhost:3000/authorize')).ok).toBe(true);
    expect(checkAuthorizationPage(new URL('http://auth.example.com/authorize')).ok).toBe(false);
    expect(checkAuthorizationPage(new URL('file:///etc/passwd')).ok).toBe(false);
    expect(checkAuthorizationPage(new URL('vscode://extension/open')).ok).toBe(false);
  });

  it('refuses a bad address before any network access', async () => {
    const fetched: string[] = [];
    const guarded = checkedFetch(async (input) => {
      fetched.push(String(input));
      return new Response('{}');
    });
    await expect(guarded('data:application/json,{"access_token":"x"}')).rejects.toBeInstanceOf(
      RefusedUrlError,
    );
    await guarded('https://auth.example.com/token');
    expect(fetched).toEqual(['https://auth.example.com/token']);
  });
});
