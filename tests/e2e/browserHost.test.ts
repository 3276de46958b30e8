import { settingsWith } from '../support/settings';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { startBuiltHost, type ServeProcess } from '../support/serveProcess';
import { tempDir } from '../support/testHost';

// The real UI, built, in Debian's Chromium, against the real main-process core of the browser
// host: every click here goes through the WebSocket bridge and the router.
let browser: Browser;
let host: ServeProcess;
let dataDir: string;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = tempDir('e2e');
  host = await startBuiltHost(dataDir);
});
afterAll(async () => {
  await browser?.close();
  await host?.stop();
});
beforeEach(async () => {
  page = await browser.newPage();
});
afterEach(async () => {
  await page.context().close();
});

describe('the app in Chromium through the browser host', () => {
  it('loads the app shell and shows what main reports over the bridge', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(host.url);
    await expect(page.title()).resolves.toBe('Hearth');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.getByRole('button', { name: 'About', exact: true }).click();
    const facts = page.getByLabel('App information');
    await expect(facts.getByText('Browser host').textContent()).resolves.toBe('Browser host');
    await expect(facts.getByText(dataDir).textContent()).resolves.toBe(dataDir);
    expect(errors).toEqual([]);
  });

  it('saves a setting in main and keeps it across a reload', async () => {
    await page.goto(host.url);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('radio', { name: 'Dark' }).check();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await expect
      .poll(() => JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')))
      .toEqual(settingsWith({ theme: 'dark' }));
    // The cookie set from the token carries the reload, even without the token in the address.
    await page.goto(new URL('/', host.url).href);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Dark' }).isChecked()).resolves.toBe(true);
    await page.getByRole('radio', { name: 'System' }).check();
  });

  it('lets the browser keep the hashed scripts and styles, and asks again for the page', async () => {
    const cookie = { headers: { Cookie: `hearth_token=${host.token}` } };
    const index = await fetch(host.url);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const html = await index.text();
    const assets = [...html.matchAll(/(?:src|href)="\.?\/(assets\/[^"]+)"/g)].map(
      (match) => `/${match[1]}`,
    );
    expect(assets.some((path) => path.endsWith('.js'))).toBe(true);
    expect(assets.some((path) => path.endsWith('.css'))).toBe(true);
    for (const path of assets) {
      const asset = await fetch(new URL(path, host.origin), cookie);
      expect(asset.status, path).toBe(200);
      expect(asset.headers.get('cache-control'), path).toBe('private, max-age=31536000, immutable');
      // Kept or not, each still carries the CSP.
      expect(asset.headers.get('content-security-policy'), path).toMatch(/script-src 'self'/);
    }
    const icon = await fetch(new URL('/favicon.svg', host.origin), cookie);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 401 to a browser without the token', async () => {
    const response = await page.goto(host.origin);
    expect(response?.status()).toBe(401);
    await expect(page.textContent('body')).resolves.toContain('token');
  });

  it('enforces the Content-Security-Policy: no inline, data:, remote or eval’d script', async () => {
    await page.goto(host.url);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    // Each attempt is made by page code, as an injected payload would, and must be blocked.
    const result = await page.evaluate(async () => {
      const blocked: string[] = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        blocked.push(event.blockedURI),
      );
      const flags = window as unknown as Record<string, unknown>;
      for (const src of [
        undefined,
        'data:text/javascript,window.fromData=1',
        'https://example.com/remote.js',
      ]) {
        const script = document.createElement('script');
        if (src) script.src = src;
        else script.textContent = 'window.fromInline = 1';
        document.head.append(script);
      }
      setTimeout('window.fromEval = 1', 0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return {
        blocked: [...new Set(blocked)].sort(),
        ran: ['fromInline', 'fromData', 'fromEval'].filter((name) => flags[name]),
      };
    });
    expect(result.ran).toEqual([]);
    expect(result.blocked).toEqual(['data', 'eval', 'https://example.com/remote.js', 'inline']);
  });

  it('refuses the bridge to a page from another origin, even one that knows the token', async () => {
    const foreign: Server = createServer((_request, response) => {
      response.setHeader('Content-Type', 'text/html');
      response.end('<!doctype html><title>elsewhere</title>');
    });
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
    try {
      await page.goto(`http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`);
      const bridge = `${host.origin.replace('http:', 'ws:')}/bridge?token=${host.token}`;
      const outcome = await page.evaluate(
        (address) =>
          new Promise<string>((resolve) => {
            const socket = new WebSocket(address);
            socket.onopen = () => resolve('opened');
            socket.onclose = () => resolve('refused');
          }),
        bridge,
      );
      expect(outcome).toBe('refused');
      expect(host.stderr()).toContain('Refused a bridge connection');
    } finally {
      foreign.close();
    }
  });
});
