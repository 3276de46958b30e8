/**
 * Runs @modelcontextprotocol/conformance's client scenarios against tests/conformance/client.ts
 * (Hearth's MCP manager) and collects each one's verdict. The suite's own CLI lists the
 * scenarios with the spec versions they belong to, and judges each run (exit code 0: every
 * check passed, with no warnings).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The spec version every scenario of which must pass. */
export const CURRENT_SPEC = '2025-11-25';

/** The revision after it, whose client scenarios come from the suite's next line; all must pass too. */
export const NEXT_SPEC = '2026-07-28';

/** The next line's release its scenarios are taken from (package.json pins it exactly). */
export const NEXT_SUITE_VERSION = '0.2.0-alpha.12';

/** A suite release: the current one, or the next line's, which carries the 2026-07-28 scenarios. */
export type Suite = 'current' | 'next';

export interface Scenario {
  name: string;
  specVersions: string[];
  /** Which suite release runs it; the current one when left out. */
  suite?: Suite;
}

export interface ScenarioResult extends Scenario {
  passed: boolean;
  /** "13/13" as the suite counts its checks, when it got that far. */
  checks?: string;
  failed?: number;
  warnings?: number;
  /** The first failing check or error line, for the table. */
  detail?: string;
}

/**
 * The suite's command line. Both releases are run by their script, not `.bin/conformance`: the
 * two packages claim the same bin name, so which one it links to depends on install order.
 */
const suiteScript = (folder: string) =>
  join(REPO_ROOT, 'node_modules', ...folder.split('/'), 'dist', 'index.js');
const SUITE_FOLDER: Record<Suite, string> = {
  current: '@modelcontextprotocol/conformance',
  next: 'conformance-2026',
};
const SUITE: Record<Suite, { command: string; prefix: string[] }> = {
  current: { command: process.execPath, prefix: [suiteScript(SUITE_FOLDER.current)] },
  next: { command: process.execPath, prefix: [suiteScript(SUITE_FOLDER.next)] },
};

function run(
  command: string,
  args: string[],
  timeoutMs: number,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, output });
    });
  });
}

/** The installed version of a suite release. */
export function suiteVersion(suite: Suite): string {
  const manifest = join(
    REPO_ROOT,
    'node_modules',
    ...SUITE_FOLDER[suite].split('/'),
    'package.json',
  );
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** Every client scenario the given suite release knows, with its spec versions. */
export async function listClientScenarios(suite: Suite = 'current'): Promise<Scenario[]> {
  const { command, prefix } = SUITE[suite];
  const { output } = await run(command, [...prefix, 'list'], 30_000);
  const clientPart = output.split(/^Client scenarios.*$/m)[1]?.split(/^\S.*scenarios.*$/m)[0] ?? '';
  return [...clientPart.matchAll(/^\s*-\s+(\S+)\s+\[([^\]]*)\]/gm)].map((match) => ({
    name: match[1] ?? '',
    specVersions: (match[2] ?? '').split(',').map((version) => version.trim()),
    ...(suite === 'next' ? { suite } : {}),
  }));
}

/** The next revision's client scenarios, from the suite's next line. */
export async function listNextSpecScenarios(): Promise<Scenario[]> {
  return (await listClientScenarios('next')).filter((scenario) =>
    scenario.specVersions.includes(NEXT_SPEC),
  );
}

// The suite colours its output even when told not to; colour codes are removed before parsing.
const strip = (text: string) =>
  text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');

/** Runs one scenario with the suite's CLI; its server, Hearth's client, its verdict. */
export async function runScenario(scenario: Scenario, timeoutMs = 60_000): Promise<ScenarioResult> {
  const command = `${join('node_modules', '.bin', 'tsx')} ${join('tests', 'conformance', 'client.ts')}`;
  const suite = SUITE[scenario.suite ?? 'current'];
  const { code, output } = await run(
    suite.command,
    [
      ...suite.prefix,
      'client',
      '--command',
      command,
      '--scenario',
      scenario.name,
      '--timeout',
      '30000',
      ...(scenario.suite === 'next' ? ['--spec-version', NEXT_SPEC] : []),
    ],
    timeoutMs,
  );
  const text = strip(output);
  const counts = /Passed: (\d+\/\d+), (\d+) failed, (\d+) warnings/.exec(text);
  const problem =
    /\]\s+(?:FAILURE|WARNING)\s+(.*)/.exec(text)?.[1] ??
    /^\s*Error: (.*)$/m.exec(text)?.[1] ??
    (code === 0 ? undefined : text.trim().split('\n').at(-1));
  return {
    ...scenario,
    passed: code === 0,
    ...(counts
      ? { checks: counts[1], failed: Number(counts[2]), warnings: Number(counts[3]) }
      : {}),
    ...(problem && code !== 0 ? { detail: problem.trim().slice(0, 160) } : {}),
  };
}

/** Runs scenarios `concurrency` at a time, in the given order. */
export async function runScenarios(
  scenarios: Scenario[],
  concurrency: number,
  onResult?: (result: ScenarioResult) => void,
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = new Array(scenarios.length);
  let next = 0;
  const worker = async () => {
    for (;;) {
      const index = next++;
      const scenario = scenarios[index];
      if (!scenario) return;
      const result = await runScenario(scenario);
      results[index] = result;
      onResult?.(result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return results;
}

/**
 * The ones that must pass: the current spec's from the current suite, and the next spec's from
 * the next line.
 */
export function isRequired(scenario: Scenario): boolean {
  return scenario.specVersions.includes(scenario.suite === 'next' ? NEXT_SPEC : CURRENT_SPEC);
}
