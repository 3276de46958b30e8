/**
 * The OS sandbox's cost (bubblewrap and socat through sandbox-runtime; Linux with both installed,
 * otherwise no figures). `sandbox.ready_ratio`: a stdio server's time from start to ready in the
 * sandbox over the same server unsandboxed (target ≤ 1.3), medians of alternating runs after one
 * warm start each (the sandbox's proxies start once per Hearth run, not per server); and a shell
 * command's run time, sandboxed and not (`sandbox.shell_ms.*`), through the built-in shell tool's
 * own runner; one wrap with Hearth's working directory at `/` (`sandbox.wrap_ms.cwd_root`), and
 * one in a real project, this repository, whose git and editor files are found and kept read-only
 * (`sandbox.wrap_ms.project`); and a new user's first sandboxed `npx` start on a home folder where
 * npm never ran, download included (`sandbox.first_start_ms`, one cold run; left out offline).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { runCommand } from '../electron/core/builtin/commands/runCommand';
import {
  minimalEnvironment,
  networkEnvironment,
} from '../electron/core/security/minimalEnvironment';
import {
  createServerSandbox,
  createShellSandbox,
  defaultSandboxPolicy,
  resetSandboxSession,
} from '../electron/core/sandbox';
import { createTestManager } from '../tests/support/managerHarness';
import { fixtureCommand } from '../tests/support/mcpFixtures';
import { tempDir } from '../tests/support/testHost';
import { percentile, round, type Figure } from './figures';

// Starts vary by tens of ms on a shared machine: enough alternating pairs for a steady median.
const READY_RUNS = 15;
const SHELL_RUNS = 15;
const SHELL_COMMAND = 'ls -la / > /dev/null && echo done';

export async function run(): Promise<Figure[]> {
  if (process.platform !== 'linux' || !existsSync('/usr/bin/bwrap')) return [];
  try {
    return [
      ...(await readyFigures()),
      ...(await shellFigures()),
      ...(await wrapFigures()),
      ...(await firstStartFigures()),
    ];
  } finally {
    await resetSandboxSession();
  }
}

async function readyFigures(): Promise<Figure[]> {
  const dataDir = tempDir('bench-sandbox');
  const sandbox = createServerSandbox({
    dataDir,
    home: tempDir('bench-sandbox-home'),
    platform: process.platform,
  });
  const harness = createTestManager({ dataDir, sandbox });
  const { manager } = harness;
  const command = fixtureCommand(['--tools=echo']);
  const add = async (name: string, sandboxed: boolean) => {
    await manager.save({
      name,
      transport: {
        type: 'stdio',
        command: command.command,
        args: command.args,
        env: [],
        ...(sandboxed ? { sandbox: defaultSandboxPolicy() } : {}),
      },
    });
    await manager.approveLaunch(name, manager.reviewLaunch(name).fingerprint);
  };
  const timeStart = async (name: string) => {
    await manager.stop(name);
    const started = performance.now();
    const status = await manager.start(name);
    if (status.state !== 'ready') throw new Error(`${name} did not start: ${status.error}`);
    return performance.now() - started;
  };
  try {
    await add('plain', false);
    await add('boxed', true);
    const plain: number[] = [];
    const boxed: number[] = [];
    for (let index = 0; index < READY_RUNS; index++) {
      plain.push(await timeStart('plain'));
      boxed.push(await timeStart('boxed'));
    }
    const plainMs = percentile(plain, 50);
    const boxedMs = percentile(boxed, 50);
    return [
      { name: 'sandbox.ready_ratio', value: round(boxedMs / plainMs), unit: 'x' },
      { name: 'sandbox.ready_ms.sandboxed.p50', value: round(boxedMs, 1), unit: 'ms' },
      { name: 'sandbox.ready_ms.unsandboxed.p50', value: round(plainMs, 1), unit: 'ms' },
    ];
  } finally {
    await manager.dispose();
  }
}

async function shellFigures(): Promise<Figure[]> {
  const shell = benchShellSandbox('bench-shell');
  const cwd = tempDir('bench-shell-work');
  const options = { cwd, timeoutMs: 30_000, maxOutputBytes: 64 * 1024 };
  const once = async (sandboxed: boolean) => {
    const started = performance.now();
    const wrapped = sandboxed
      ? await shell.wrap(SHELL_COMMAND, cwd, minimalEnvironment(process.env))
      : undefined;
    if (wrapped && !wrapped.ok) throw new Error(wrapped.message);
    const result = await runCommand(SHELL_COMMAND, {
      ...options,
      ...(wrapped?.ok ? { spawnAs: wrapped, env: wrapped.env } : {}),
    });
    if (wrapped?.ok) wrapped.release();
    if (result.exitCode !== 0) throw new Error(`the command failed: ${result.stderr}`);
    return performance.now() - started;
  };
  await once(true); // the session's proxies start once
  const plain: number[] = [];
  const boxed: number[] = [];
  for (let index = 0; index < SHELL_RUNS; index++) {
    plain.push(await once(false));
    boxed.push(await once(true));
  }
  return [
    { name: 'sandbox.shell_ms.sandboxed.p50', value: round(percentile(boxed, 50), 1), unit: 'ms' },
    {
      name: 'sandbox.shell_ms.unsandboxed.p50',
      value: round(percentile(plain, 50), 1),
      unit: 'ms',
    },
  ];
}

/**
 * One wrap, with Hearth's own working directory at `/`, as a desktop app is often started: the
 * library's scan for files to keep read-only runs below it (see sandboxRuntime.ts).
 */
async function wrapFigures(): Promise<Figure[]> {
  const shell = benchShellSandbox('bench-wrap');
  const wraps = async (cwd: string) => {
    const times: number[] = [];
    for (let index = 0; index < SHELL_RUNS; index++) {
      const started = performance.now();
      const wrapped = await shell.wrap('true', cwd, minimalEnvironment(process.env));
      times.push(performance.now() - started);
      if (wrapped.ok) wrapped.release();
    }
    return round(percentile(times, 50), 1);
  };
  const project = await wraps(fileURLToPath(new URL('..', import.meta.url)));
  const before = process.cwd();
  process.chdir('/');
  try {
    return [
      {
        name: 'sandbox.wrap_ms.cwd_root.p50',
        value: await wraps(tempDir('bench-wrap-work')),
        unit: 'ms',
      },
      { name: 'sandbox.wrap_ms.project.p50', value: project, unit: 'ms' },
    ];
  } finally {
    process.chdir(before);
  }
}

/** A cold first start from the registry, on a home folder where npm never ran. */
async function firstStartFigures(): Promise<Figure[]> {
  const home = tempDir('bench-first-home');
  const dataDir = join(home, '.config', 'Hearth');
  const sandbox = createServerSandbox({ dataDir, home, platform: process.platform });
  // This computer's way to the network comes along (its certificate authorities, its proxy), as
  // Hearth hands it to servers: without it a company network's TLS stops npm's download.
  const environment = {
    ...networkEnvironment(process.env),
    HOME: home,
    PATH: process.env.PATH ?? '',
    USER: 'someone',
  };
  const harness = createTestManager({ dataDir, sandbox, environment });
  const { manager } = harness;
  try {
    await manager.save({
      name: 'files',
      transport: {
        type: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-filesystem', home],
        env: [],
        sandbox: defaultSandboxPolicy(),
      },
    });
    const started = performance.now();
    await manager.approveLaunch('files', manager.reviewLaunch('files').fingerprint);
    // The start returns while the download goes on: ready is when it answers.
    const ready = await harness.waitForState('files', 'ready', 300_000).catch((error: Error) => {
      console.warn(`sandbox.first_start_ms left out: ${error.message}`);
      return undefined;
    });
    if (!ready) return [];
    return [
      { name: 'sandbox.first_start_ms', value: round(performance.now() - started), unit: 'ms' },
    ];
  } finally {
    await manager.dispose();
  }
}

/** The built-in shell's sandbox over folders of its own. */
function benchShellSandbox(name: string) {
  return createShellSandbox({
    dataDir: tempDir(`${name}-data`),
    home: tempDir(`${name}-home`),
    platform: process.platform,
    path: () => process.env.PATH ?? '',
    runWithoutWhenUnavailable: () => false,
  });
}
