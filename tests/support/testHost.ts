/**
 * A real browser host on a free loopback port, over a real data folder and a tiny renderer
 * folder, for integration tests of the door from the outside.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../electron/core/createCore';
import { startHeadlessHost, type HeadlessHost } from '../../electron/core/headless/server';
import { createLogger } from '../../electron/core/logger';
import type { ExternalOpener } from '../../electron/core/links';
import { createMemoryVault, type SecretVault } from '../../electron/core/secrets/secretVault';

export interface TestHost extends HeadlessHost {
  token: string;
  dataDir: string;
  logLines: string[];
}

const madeHere: string[] = [];

export function tempDir(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), `hearth-${prefix}-`));
  madeHere.push(folder);
  return folder;
}

/**
 * Removes every folder `tempDir` made in this process so far: the bench, once its parts are
 * measured (a run made some 140 folders in the temp folder and left them).
 */
export function removeTempDirs(): void {
  for (const folder of madeHere.splice(0)) rmSync(folder, { recursive: true, force: true });
}

export async function startTestHost(
  options: {
    dataDir?: string;
    port?: number;
    token?: string;
    /** How links leave the app; by default handed back to the page, as the browser host does. */
    openExternal?: ExternalOpener;
    vault?: SecretVault;
    /** The environment servers and shell commands start from (this process's by default). */
    environment?: NodeJS.ProcessEnv;
  } = {},
): Promise<TestHost> {
  const dataDir = options.dataDir ?? tempDir('data');
  const rendererDir = tempDir('renderer');
  writeFileSync(
    join(rendererDir, 'index.html'),
    '<!doctype html><title>Hearth</title><div id="root"></div>',
  );
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log("app");');
  const logLines: string[] = [];
  const logger = createLogger({ sinks: [(line) => logLines.push(line)] });
  const host = await startHeadlessHost({
    rendererDir,
    port: options.port ?? 0,
    token: options.token,
    logger,
    makeCore: (trust) =>
      createCore({
        dataDir,
        logger,
        isTrustedSender: trust,
        openExternal: options.openExternal ?? (async () => 'delegated'),
        vault: options.vault ?? createMemoryVault(),
        ...(options.environment ? { environment: options.environment } : {}),
        appInfo: {
          name: 'Hearth',
          version: '0.0.0-test',
          host: 'browser',
          platform: process.platform,
          versions: { node: process.versions.node },
        },
      }),
  });
  const token = new URL(host.url).searchParams.get('token') ?? '';
  return { ...host, token, dataDir, logLines };
}
