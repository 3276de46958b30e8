/**
 * Debian's Chromium, driven by playwright-core. The end-to-end tests need it and fail (not skip)
 * without it: `.ci/run` installs it.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

export function chromiumPath(): string {
  const found = CANDIDATES.find((path): path is string => !!path && existsSync(path));
  if (!found) {
    throw new Error(
      'No Chromium found: install Debian\'s "chromium" package or set CHROMIUM_PATH.',
    );
  }
  return found;
}

/**
 * Headless, with the background services off: this machine's network is closed. `extraArgs`
 * are a test's own switches (a fake screen for `getDisplayMedia`, say).
 */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}
