import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../preload/schemas/servers';
import { CONNECT_TIMEOUT_MS } from '../../electron/core/mcp/lifecycle/connection';
import { createTestManager, type TestManager } from '../support/managerHarness';
import { tempDir } from '../support/testHost';
import {
  startSlowNpmRegistry,
  npxFromRegistry,
  TINY_MCP_SERVER,
  type SlowNpmRegistry,
} from '../fixtures/npmRegistry/slowNpmRegistry';

// A first `npx` start against a real npm and a loopback registry that lets the package's tarball
// through piece by piece, each piece only once Hearth has reported the one before: the download
// lasts as long as the test wants, whatever the machine's speed, and no step waits a fixed time.

/**
 * The start limit Hearth uses. Before npm has fetched anything it counts from the start, as for
 * any server: with the real limit, this test fails only where a user's first start would too.
 */
const LIMIT_MS = CONNECT_TIMEOUT_MS;
const PACKAGE = 'hearth-slow-mcp';
const SPEC = `${PACKAGE}@1.0.0`;

let harness: TestManager | undefined;
let registry: SlowNpmRegistry | undefined;
afterEach(async () => {
  await harness?.manager.dispose();
  await registry?.close();
  harness = registry = undefined;
});

/** Resolves once npm asks for the tarball; fails with the server's error if it ended before. */
function tarballAsked(registry: SlowNpmRegistry, started: Promise<ServerStatus>): Promise<void> {
  return Promise.race([
    registry.tarballAsked,
    started.then((status) => {
      throw new Error(`The start ended before npm asked for the tarball: ${status.error}`);
    }),
  ]);
}

/** Resolves with the first status event of `name` that `check` accepts. */
function nextStatus(
  h: TestManager,
  name: string,
  check: (status: ServerStatus) => boolean,
): Promise<ServerStatus> {
  return new Promise((resolve) => {
    const remove = h.hub.addSink((channel, payload) => {
      const status = payload as ServerStatus;
      if (channel !== 'servers:status' || status.name !== name || !check(status)) return;
      remove();
      resolve(status);
    });
  });
}

async function setUp(): Promise<{
  h: TestManager;
  registry: SlowNpmRegistry;
  start(): Promise<ServerStatus>;
}> {
  registry = await startSlowNpmRegistry({
    folder: tempDir('npm-package'),
    name: PACKAGE,
    version: '1.0.0',
    bin: TINY_MCP_SERVER,
    filler: 1024 * 1024,
  });
  const h = createTestManager();
  harness = h;
  const cache = tempDir('npm-cache');
  await h.manager.save({
    name: 'downloaded',
    transport: npxFromRegistry(registry, SPEC, cache),
  });
  const review = h.manager.reviewLaunch('downloaded');
  const reg = registry;
  return {
    h,
    registry: reg,
    start: () => h.manager.approveLaunch('downloaded', review.fingerprint),
  };
}

describe('a first npx start that is still downloading', () => {
  it('is not cut at the start limit: the page is told what downloads, and it starts', async () => {
    const { h, registry, start } = await setUp();
    const seen: ServerStatus[] = [];
    h.hub.addSink((channel, payload) => {
      if (channel === 'servers:status') seen.push(payload as ServerStatus);
    });
    const startedAt = Date.now();
    const started = start();
    await tarballAsked(registry, started);
    // Piece by piece, each once the status shows it arrived, until the limit has passed.
    const piece = 4 * 1024;
    while (Date.now() - startedAt <= LIMIT_MS && registry.sent + piece < registry.tarballBytes) {
      registry.release(piece);
      const sent = registry.sent;
      const status = await nextStatus(
        h,
        'downloaded',
        (each) => (each.download?.bytes ?? 0) >= sent || each.state !== 'starting',
      );
      if (status.state !== 'starting') break;
    }
    expect(Date.now() - startedAt).toBeGreaterThan(LIMIT_MS);
    registry.release();
    const status = await started;

    expect(status.state, status.error).toBe('ready');
    expect(status.download).toBeUndefined();
    const downloading = seen.filter((each) => each.download);
    expect(downloading.length).toBeGreaterThan(2);
    expect(downloading.every((each) => each.state === 'starting')).toBe(true);
    expect(downloading.at(-1)?.download).toMatchObject({ launcher: 'npx', package: SPEC });
    // Bytes only grow.
    const bytes = downloading.map((each) => each.download?.bytes ?? 0);
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
    expect(seen.some((each) => each.state === 'error')).toBe(false);
    // npm's note that the packages are in place ended the download before the server answered.
    expect(h.manager.logs('downloaded').map((entry) => entry.text)).toContain(
      `Downloaded ${SPEC} with npx; the start limit counts from now.`,
    );
  }, 120_000);

  it('fails once the download stops moving for the limit, and says so', async () => {
    const { registry, start } = await setUp();
    const started = start();
    await tarballAsked(registry, started);
    registry.release(4 * 1024);
    const status = await started;

    expect(status.state).toBe('error');
    expect(status.error).toMatch(
      new RegExp(
        `download of ${SPEC} stopped making progress: nothing arrived for ${LIMIT_MS / 1000} s`,
      ),
    );
  }, 120_000);
});
