/**
 * The setup every end-to-end test in Chromium shares: a fake Ollama playing a script, the built
 * browser host over a fresh data folder (with the fake sudo on PATH when a password is given),
 * Chromium, and a page on the app. Screenshots go to test-results/screens/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Api } from '../../preload/api';
import { startFakeOllama, type FakeOllama } from '../fixtures/fakeOllama';
import type { ChatRequestBody, FakeOllamaOptions, Turn } from '../fixtures/fakeOllama/types';
import { launchChromium } from './chromium';
import { connectRenderer } from './rendererBridge';
import { REPO_ROOT, startBuiltHost, type ServeProcess } from './serveProcess';
import { tempDir } from './testHost';
import { fakeSudoFolder } from './fakeSudo';

export const SCREENS = join(REPO_ROOT, 'test-results', 'screens');

/** The two window sizes every screen is walked at (the popup's 380x560 has its own tests). */
export const SIZES = [
  { name: '1280x800', width: 1280, height: 800 },
  { name: '900x600', width: 900, height: 600 },
] as const;
export const THEMES = ['light', 'dark'] as const;

export interface BrowserSession {
  browser: Browser;
  host: ServeProcess;
  ollama: FakeOllama;
  page: Page;
  /** A picture of the screen and the accessibility tree beside it, for a person to look at. */
  shot(name: string): Promise<void>;
  close(): Promise<void>;
}

export async function openBrowserSession(options: {
  /** Names the data folder. */
  name: string;
  script(request: ChatRequestBody): Turn;
  /** Models installed in the fake Ollama (its defaults otherwise). */
  models?: FakeOllamaOptions['models'];
  /** Models the fake Ollama can pull, and the pause between its pull's progress lines. */
  pulls?: Pick<FakeOllamaOptions, 'pullable' | 'pullDelayMs'>;
  viewport: { width: number; height: number };
  /** The password the fake sudo accepts; without it, the real PATH is kept. */
  sudoPassword?: string;
  /** Set up through the contract before the page opens, as another window would. */
  prepare?(api: Api, ollama: FakeOllama): Promise<unknown>;
  /** Added to the host's address, e.g. `&view=popup`. */
  query?: string;
  /** Fills the data folder before the host starts (a saved history, say). */
  seed?(dataDir: string): void;
  /** Variables the host starts with, over this process's (a PATH without a program, say). */
  environment?: NodeJS.ProcessEnv;
  /** Chromium's own switches for this test (see launchChromium). */
  chromiumArgs?: readonly string[];
}): Promise<BrowserSession> {
  mkdirSync(SCREENS, { recursive: true });
  // What started is stopped again if a later step fails, so a broken setup leaves nothing behind.
  const started: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of started.splice(0).reverse()) await stop();
  };
  try {
    const ollama = await startFakeOllama({
      script: options.script,
      ...(options.models ? { models: options.models } : {}),
      ...options.pulls,
    });
    started.push(() => ollama.close());
    const dataDir = tempDir(options.name);
    options.seed?.(dataDir);
    const environment = { ...process.env, ...options.environment };
    const host = await startBuiltHost(
      dataDir,
      0,
      options.sudoPassword === undefined
        ? environment
        : {
            ...environment,
            PATH: `${fakeSudoFolder({ password: options.sudoPassword })}:${environment.PATH ?? ''}`,
          },
    );
    started.push(() => host.stop());
    if (options.prepare) await prepare(host, ollama, options.prepare);
    const browser = await launchChromium(options.chromiumArgs);
    started.push(() => browser.close());
    const page = await browser.newPage({ viewport: options.viewport });
    await page.goto(`${host.url}${options.query ?? ''}`);
    return {
      browser,
      host,
      ollama,
      page,
      async shot(name) {
        await page.screenshot({ path: join(SCREENS, `${name}.png`), fullPage: false });
        writeFileSync(join(SCREENS, `${name}.aria.txt`), await page.locator('body').ariaSnapshot());
      },
      close: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function prepare(
  host: ServeProcess,
  ollama: FakeOllama,
  steps: (api: Api, ollama: FakeOllama) => Promise<unknown>,
): Promise<void> {
  const { api, transport } = connectRenderer({
    port: Number(new URL(host.url).port),
    token: host.token,
    origin: host.origin,
  });
  try {
    await steps(api, ollama);
  } finally {
    transport.close();
  }
}
