import { afterEach, describe, expect, it } from 'vitest';
import {
  startLoopbackRedirect,
  type LoopbackRedirect,
} from '../../../../electron/core/mcp/oauth/loopbackRedirect';

const open: LoopbackRedirect[] = [];
afterEach(() => open.splice(0).forEach((loopback) => loopback.close()));

async function start(timeoutMs = 60_000, signal?: AbortSignal) {
  const loopback = await startLoopbackRedirect({ server: 'demo', timeoutMs, signal });
  open.push(loopback);
  return loopback;
}

describe('the loopback redirect', () => {
  it('listens on 127.0.0.1 on an ephemeral port and hands over the code of its own state', async () => {
    const loopback = await start();
    expect(loopback.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const forged = await fetch(`${loopback.redirectUrl}?code=evil&state=other`);
    expect(forged.status).toBe(400);
    const page = await fetch(`${loopback.redirectUrl}?code=good&state=${loopback.state}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Signed in to “demo”');
    await expect(loopback.code).resolves.toEqual({ code: 'good' });
  });

  it('hands over the issuer the answer names, for the check against the one asked', async () => {
    const loopback = await start();
    const issuer = encodeURIComponent('https://auth.example.com');
    await fetch(`${loopback.redirectUrl}?code=c&state=${loopback.state}&iss=${issuer}`);
    await expect(loopback.code).resolves.toEqual({ code: 'c', iss: 'https://auth.example.com' });
  });

  it('passes on the authorization server’s refusal', async () => {
    const loopback = await start();
    await fetch(
      `${loopback.redirectUrl}?error=access_denied&error_description=No+thanks&state=${loopback.state}`,
    );
    await expect(loopback.code).rejects.toThrow('The sign-in was refused: No thanks.');
  });

  it('answers nothing but its callback path', async () => {
    const loopback = await start();
    const other = await fetch(loopback.redirectUrl.replace('/callback', '/other'));
    expect(other.status).toBe(404);
  });

  it('gives up when cancelled or when nobody comes back in time', async () => {
    const controller = new AbortController();
    const cancelled = await start(60_000, controller.signal);
    controller.abort();
    await expect(cancelled.code).rejects.toThrow('cancelled');
    const late = await start(10);
    await expect(late.code).rejects.toThrow('not finished');
  });
});
