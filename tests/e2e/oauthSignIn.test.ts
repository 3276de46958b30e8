/**
 * Signing in to a remote server in Chromium through the browser host: the server shows “Needs
 * sign-in”, Sign in opens a sign-in (the browser host hands the page to the user), the user's
 * tab goes to the authorization server, which sends it back to Hearth's loopback callback, and
 * the server comes up with its tools. Sign out deletes the tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainAnswer } from '../fixtures/fakeOllama';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth/oauthServer';
import { openBrowserSession, type BrowserSession } from '../support/browserSession';

let session: BrowserSession;
let server: OAuthFixture;

beforeAll(async () => {
  server = await startOAuthFixture();
  session = await openBrowserSession({
    name: 'oauth',
    script: () => plainAnswer('Nothing scripted.'),
    viewport: { width: 1280, height: 900 },
    prepare: (api) =>
      api.servers.save({
        name: 'remote',
        transport: { type: 'http', url: server.url, protocol: 'streamable-http' },
      }),
  });
});

afterAll(async () => {
  await session?.close();
  await server?.close();
});

describe('signing in to a remote server in the browser', () => {
  it('signs in through the sign-in page and lists the server’s tools', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    await page.getByRole('button', { name: 'remote' }).click();
    const notice = page.getByRole('region', { name: 'Sign-in needed' });
    await notice.waitFor({ timeout: 15_000 });
    await session.shot('oauth-needs-sign-in');
    await notice.getByRole('button', { name: 'Sign in' }).click();

    const open = notice.getByRole('button', { name: 'Open the sign-in page' });
    await open.waitFor({ timeout: 15_000 });
    await session.shot('oauth-waiting');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), open.click()]);
    await tab.waitForLoadState();
    await expect
      .poll(() => tab.locator('body').textContent(), { timeout: 15_000 })
      .toContain('Signed in to “remote”');
    await tab.close();

    await page.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByRole('switch', { name: 'Enable whoami' }).count()).toBe(1);
    await session.shot('oauth-signed-in');
    expect(server.tokenRequests).toEqual([{ grantType: 'authorization_code', pkceVerified: true }]);
  });

  it('signs out', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('region', { name: 'Sign-in needed' }).waitFor({ timeout: 15_000 });
  });
});
