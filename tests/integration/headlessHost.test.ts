import { settingsWith } from '../support/settings';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestHost, type TestHost } from '../support/testHost';
import { openWire } from '../support/wsClient';

let host: TestHost;
afterEach(async () => {
  await host?.close();
});

function bridgeUrl(withToken = true) {
  return `ws://127.0.0.1:${host.port}/bridge${withToken ? `?token=${host.token}` : ''}`;
}

describe('the browser host over HTTP', () => {
  it('prints an address on 127.0.0.1 with a long random token', async () => {
    host = await startTestHost();
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{32}$/);
    const other = await startTestHost();
    expect(other.token).not.toBe(host.token);
    await other.close();
  });

  it('answers 401 to a request without the token, or with a wrong one', async () => {
    host = await startTestHost();
    for (const path of ['/', '/index.html', '/assets/app.js', `/?token=${host.token.slice(1)}x`]) {
      const response = await fetch(`http://127.0.0.1:${host.port}${path}`);
      expect(response.status, path).toBe(401);
      expect(await response.text()).toContain('token');
    }
  });

  it('serves the page with the token, with a strict CSP, and sets a cookie for its assets', async () => {
    host = await startTestHost();
    const page = await fetch(host.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const cookie = page.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const asset = await fetch(`http://127.0.0.1:${host.port}/assets/app.js`, {
      headers: { cookie: cookie.split(';')[0] ?? '' },
    });
    expect(asset.status).toBe(200);
    expect(await asset.text()).toContain('console.log');
  });

  it('refuses a foreign Host header (DNS rebinding) even with the token', async () => {
    host = await startTestHost();
    const { request } = await import('node:http');
    const status = await new Promise<number | undefined>((resolve) => {
      request(host.url, { headers: { host: `evil.test:${host.port}` } }, (response) =>
        resolve(response.statusCode),
      ).end();
    });
    expect(status).toBe(403);
  });

  it('does not serve files outside the renderer folder', async () => {
    host = await startTestHost();
    for (const path of [
      '/../package.json',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2fsettings.json',
    ]) {
      const response = await fetch(`http://127.0.0.1:${host.port}${path}?token=${host.token}`);
      expect(response.status, path).toBe(404);
    }
  });
});

describe('the browser host’s WebSocket', () => {
  it('refuses a connection without the token', async () => {
    host = await startTestHost();
    await expect(openWire(bridgeUrl(false), host.origin)).rejects.toThrow('HTTP 401');
  });

  it('refuses a connection from another origin even with the token', async () => {
    host = await startTestHost();
    await expect(openWire(bridgeUrl(), 'http://evil.test')).rejects.toThrow('HTTP 403');
    await expect(openWire(bridgeUrl(), `http://127.0.0.1:${host.port + 1}`)).rejects.toThrow(
      'HTTP 403',
    );
    await expect(openWire(bridgeUrl(), undefined)).rejects.toThrow('HTTP 403');
    expect(host.logLines.some((line) => line.includes('evil.test'))).toBe(true);
  });

  it('tells when the first page connects, not when a refused one tries', async () => {
    host = await startTestHost();
    let connected = false;
    void host.firstPage.then(() => (connected = true));
    await expect(openWire(bridgeUrl(false), host.origin)).rejects.toThrow('HTTP 401');
    await expect(openWire(bridgeUrl(), 'http://evil.test')).rejects.toThrow('HTTP 403');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connected).toBe(false);
    const client = await openWire(bridgeUrl(), host.origin);
    await host.firstPage;
    expect(connected).toBe(true);
    client.close();
  });

  it('makes a round trip and saves settings in the data folder', async () => {
    host = await startTestHost();
    const client = await openWire(bridgeUrl(), host.origin);
    const reply = await client.invoke('settings:set', [{ theme: 'dark' }]);
    expect(reply).toEqual({
      type: 'result',
      id: 1,
      ok: true,
      value: settingsWith({ theme: 'dark' }),
    });
    const { readFileSync } = await import('node:fs');
    expect(JSON.parse(readFileSync(`${host.dataDir}/settings.json`, 'utf8'))).toEqual(
      settingsWith({ theme: 'dark' }),
    );
    client.close();
  });

  it('refuses a malformed payload with a clear error and keeps the connection', async () => {
    host = await startTestHost();
    const client = await openWire(bridgeUrl(), host.origin);
    const bad = await client.invoke('settings:set', [{ theme: 'dark', extra: 1 }]);
    expect(bad).toMatchObject({ id: 1, ok: false, error: { code: 'E_INVALID_PAYLOAD' } });
    expect(String((bad.error as { message: string }).message)).toContain('extra');
    const good = await client.invoke('settings:get', []);
    expect(good).toMatchObject({ id: 2, ok: true });
    client.close();
  });

  it('answers messages that are not invoke messages with E_BAD_MESSAGE', async () => {
    host = await startTestHost();
    const client = await openWire(bridgeUrl(), host.origin);
    await expect(client.sendRaw('not json')).resolves.toMatchObject({
      id: null,
      ok: false,
      error: { code: 'E_BAD_MESSAGE' },
    });
    await expect(
      client.sendRaw(JSON.stringify({ type: 'invoke', id: 7, channel: 'app:info' })),
    ).resolves.toMatchObject({
      id: 7,
      ok: false,
      error: { code: 'E_BAD_MESSAGE' },
    });
    await expect(
      client.sendRaw(JSON.stringify({ type: 'invoke', id: 8, channel: 'nope:nope', args: [] })),
    ).resolves.toMatchObject({
      id: 8,
      error: { code: 'E_UNKNOWN_CHANNEL' },
    });
    client.close();
  });

  it('closes a connection that sends a message over the size limit', async () => {
    host = await startTestHost();
    const client = await openWire(bridgeUrl(), host.origin);
    const closed = new Promise<number>((resolve) => client.socket.on('close', resolve));
    client.socket.send('x'.repeat(2 * 1024 * 1024));
    await expect(closed).resolves.toBe(1009);
  });

  it('sends events to every connected page', async () => {
    host = await startTestHost();
    const first = await openWire(bridgeUrl(), host.origin);
    const second = await openWire(bridgeUrl(), `http://localhost:${host.port}`);
    await first.invoke('settings:set', [{ theme: 'light' }]);
    await second.invoke('settings:get', []);
    const expected = {
      type: 'event',
      channel: 'settings:changed',
      payload: settingsWith({ theme: 'light' }),
    };
    expect(first.events).toContainEqual(expected);
    expect(second.events).toContainEqual(expected);
    first.close();
    second.close();
  });
});
