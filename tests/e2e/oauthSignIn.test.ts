/**
 * Signing in to a remote server in Chromium through the browser host: the server shows “Needs
 * sign-in”, Sign in opens a sign-in (the browser host hands the page to the user), the user's
 * tab goes to the authorization server, which sends it back to Hearth's loopback callback, and
 * the server comes up with its tools. Sign out deletes the tokens. When the server's sign-in moves
 * to another authorization server, the notice says so in one sentence (two sizes, light and
 * dark, with axe and layout checks; test-results/screens/oauth-moved-*.png).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainAnswer } from '../fixtures/fakeOllama';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth/oauthServer';
import { openBrowserSession, SCREENS, type BrowserSession } from '../support/browserSession';
import { accessibilityProblems, layoutProblems } from '../support/screenChecks';

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

/** Follows the sign-in page in the user's tab, as they would, until it says they are signed in. */
async function completeSignIn(page: Page): Promise<void> {
  const notice = page.getByRole('region', { name: 'Sign-in needed' });
  const open = notice.getByRole('button', { name: 'Open the sign-in page' });
  await open.waitFor({ timeout: 15_000 });
  const [tab] = await Promise.all([page.context().waitForEvent('page'), open.click()]);
  await tab.waitForLoadState();
  await expect
    .poll(() => tab.locator('body').textContent(), { timeout: 15_000 })
    .toContain('Signed in to “remote”');
  await tab.close();
}

describe('signing in to a remote server in the browser', () => {
  it('signs in through the sign-in page and lists the server’s tools', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Servers', exact: true }).click();
    await page.getByRole('button', { name: 'remote' }).click();
    const notice = page.getByRole('region', { name: 'Sign-in needed' });
    await notice.waitFor({ timeout: 15_000 });
    await session.shot('oauth-needs-sign-in');
    await notice.getByRole('button', { name: 'Sign in' }).click();
    await notice.getByRole('button', { name: 'Open the sign-in page' }).waitFor();
    await session.shot('oauth-waiting');
    await completeSignIn(page);

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

  it('says in one sentence that the sign-in moved, and signs in at the new place', async () => {
    const { page } = session;
    const notice = page.getByRole('region', { name: 'Sign-in needed' });
    await notice.getByRole('button', { name: 'Sign in' }).click();
    await completeSignIn(page);
    await page.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 15_000 });

    server.moveAuthorizationServer();
    await page.getByRole('button', { name: 'Restart', exact: true }).click();
    const sentence = `This server now signs in at ${server.movedIssuer} instead of ${server.base}, so Hearth forgot the old sign-in and signs in there anew.`;
    await notice.getByText(sentence).waitFor({ timeout: 15_000 });
    const problems: string[] = [];
    for (const size of [
      { name: '1280x800', width: 1280, height: 800 },
      { name: '900x600', width: 900, height: 600 },
    ]) {
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.emulateMedia({ colorScheme: theme });
        await notice.getByRole('button', { name: 'Sign in' }).scrollIntoViewIfNeeded();
        if (!(await notice.getByRole('button', { name: 'Sign in' }).isVisible()))
          problems.push(`${size.name} ${theme}: “Sign in” is not visible`);
        problems.push(
          ...[...(await layoutProblems(page)), ...(await accessibilityProblems(page))].map(
            (problem) => `${size.name} ${theme}: ${problem}`,
          ),
        );
        await page.screenshot({ path: join(SCREENS, `oauth-moved-${size.name}-${theme}.png`) });
      }
    }
    expect(problems).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });

    // Sign in from the keyboard: the new authorization server's page, a new registration.
    await notice.getByRole('button', { name: 'Sign in' }).focus();
    await page.keyboard.press('Enter');
    await completeSignIn(page);
    await page.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 15_000 });
    // One registration at the first server for each sign-in there, then one at the new one.
    expect(server.registrations.map((entry) => entry.issuer)).toEqual([
      server.base,
      server.base,
      server.movedIssuer,
    ]);
  });
});
