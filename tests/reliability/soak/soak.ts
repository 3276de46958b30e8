/**
 * `npm run soak`: the long fault runs. Each part repeats a scenario of the reliability suite many
 * times against real processes and files, then the rel.* figures are printed with their targets
 * and merged into bench/results.json (units into bench/results.meta.json). Counts come from the
 * environment (SOAK_*), with defaults that finish well within 20 minutes on a 2-core machine.
 * Exits non-zero when a figure misses its target.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  readAuditTrail,
  unapprovedExecutions,
} from '../../../electron/core/chat/toolCall/auditTrail';
import { MAX_LOG_CHARS } from '../../../electron/core/mcp/fromServer/serverLog';
import { percentile, round, type Figure } from '../../../bench/figures';
import { createTestManager } from '../../support/managerHarness';
import { fixtureCommand } from '../../support/mcpFixtures';
import { tempDir } from '../../support/testHost';
import { concurrentCalls } from '../support/concurrentCalls';
import { checkDisk, killDuringWrites } from '../support/killDuringWrites';
import { quitCycle } from '../support/quitCycle';
import { runSecretScenario } from '../support/secretScenario';
import { cancelTiming } from './cancelTiming';
import { consentScenarios } from './consentScenarios';
import { crashRecovery } from './crashRecovery';
import { slowOllama } from './slowOllama';

const count = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
};
const SETTINGS = {
  kills: count('SOAK_KILLS', 300),
  quitCycles: count('SOAK_QUIT_CYCLES', 100),
  crashServers: count('SOAK_CRASH_SERVERS', 10),
  crashRounds: count('SOAK_CRASH_ROUNDS', 3),
  concurrencyRounds: count('SOAK_CONCURRENCY_ROUNDS', 20),
  cancels: count('SOAK_CANCELS', 20),
  consentTurns: count('SOAK_CONSENT_TURNS', 30),
  secretRuns: count('SOAK_SECRET_RUNS', 3),
  stderrMb: count('SOAK_STDERR_MB', 1024),
  coldLoadMs: count('SOAK_COLD_LOAD_MS', 120_000),
};

interface Target {
  name: string;
  unit: string;
  ok(value: number): boolean;
  says: string;
}
const TARGETS: Target[] = [
  { name: 'rel.crash_detect_ms.p95', unit: 'ms', ok: (v) => v < 500, says: '< 500' },
  { name: 'rel.recovery_rate', unit: 'ratio', ok: (v) => v === 1, says: '= 1' },
  { name: 'rel.cancel_ms.p95', unit: 'ms', ok: (v) => v < 300, says: '< 300' },
  { name: 'rel.orphans', unit: 'processes', ok: (v) => v === 0, says: '= 0' },
  { name: 'rel.lost_or_mismatched_responses', unit: 'responses', ok: (v) => v === 0, says: '= 0' },
  { name: 'rel.unreadable_files_after_kill', unit: 'files', ok: (v) => v === 0, says: '= 0' },
  { name: 'rel.secret_hits', unit: 'hits', ok: (v) => v === 0, says: '= 0' },
  { name: 'rel.unapproved_executions', unit: 'executions', ok: (v) => v === 0, says: '= 0' },
];

const figures: Figure[] = [];
const report = (name: string, value: number, unit: string) => {
  const figure = { name, value: round(value), unit };
  figures.push(figure);
  const target = TARGETS.find((t) => t.name === name);
  const verdict = target
    ? `${target.ok(figure.value) ? 'ok  ' : 'MISS'} target ${target.says}`
    : '';
  process.stdout.write(
    `${name.padEnd(44)} ${String(figure.value).padStart(10)} ${unit.padEnd(11)} ${verdict}\n`,
  );
};
const section = (title: string) => process.stdout.write(`# ${title}\n`);
const started = performance.now();

section(`settings ${JSON.stringify(SETTINGS)}`);

section('crash detection and recovery');
const crashes = await crashRecovery(SETTINGS.crashServers, SETTINGS.crashRounds);
report('rel.crash_detect_ms.p95', percentile(crashes.detectMs, 95), 'ms');
report('rel.crash_detect_ms.p50', percentile(crashes.detectMs, 50), 'ms');
report(
  'rel.recovery_rate',
  crashes.kills ? crashes.recovered / crashes.kills : Number.NaN,
  'ratio',
);
report('rel.server_kills', crashes.kills, 'kills');

section('cancel');
const cancels = await cancelTiming(SETTINGS.cancels);
const cancelMs = [...cancels.toolMs, ...cancels.streamMs];
report('rel.cancel_ms.p95', percentile(cancelMs, 95), 'ms');
report('rel.cancel_tool_ms.p95', percentile(cancels.toolMs, 95), 'ms');
report('rel.cancel_stream_ms.p95', percentile(cancels.streamMs, 95), 'ms');

section('concurrent calls (5 servers, two answering stray and duplicate ids)');
{
  const harness = createTestManager();
  const servers = ['c1', 'c2', 'c3', 'c4', 'c5'];
  const flags = [[], [], [], ['--unknown-ids'], ['--duplicate-responses']];
  for (const [index, name] of servers.entries())
    await harness.addServer(
      name,
      fixtureCommand(['--tools=delayed_echo', ...(flags[index] ?? [])]),
    );
  let bad = 0;
  let calls = 0;
  for (let round = 0; round < SETTINGS.concurrencyRounds; round++) {
    const result = await concurrentCalls(harness.manager, servers, 50);
    bad += result.lost.length + result.mismatched.length;
    calls += 50;
  }
  await harness.manager.dispose();
  report('rel.lost_or_mismatched_responses', bad, 'responses');
  report('rel.concurrent_calls', calls, 'calls');
}

section(`a flood of ${SETTINGS.stderrMb} MB on stderr`);
{
  const harness = createTestManager();
  const floodStarted = performance.now();
  await harness.addServer(
    'flood',
    fixtureCommand([`--stderr-mb=${SETTINGS.stderrMb}`, '--tools=delayed_echo']),
  );
  await harness.waitForState('flood', 'ready', 600_000);
  const result = await concurrentCalls(harness.manager, ['flood'], 10);
  const logged = harness.manager.logs('flood').reduce((sum, e) => sum + e.text.length, 0);
  await harness.manager.dispose();
  report('rel.stderr_flood_s', (performance.now() - floodStarted) / 1000, 's');
  report('rel.stderr_flood_failed_calls', result.lost.length + result.mismatched.length, 'calls');
  report('rel.stderr_flood_log_over_bound', Math.max(0, logged - MAX_LOG_CHARS - 5_000), 'chars');
}

section('consent under a lying model, and secret hygiene');
const consent = await consentScenarios(SETTINGS.consentTurns);
let secretHits = 0;
let secretRunsIncomplete = 0;
let unapproved = consent.unapproved;
for (let run = 0; run < SETTINGS.secretRuns; run++) {
  const secrets = await runSecretScenario();
  secretHits += secrets.hits.length;
  for (const hit of secrets.hits) process.stdout.write(`  secret hit: ${hit.where}\n`);
  if (secrets.toolResults.length !== 3) secretRunsIncomplete++;
  unapproved += unapprovedExecutions(readAuditTrail(secrets.dataDir)).length;
}
for (const dataDir of cancels.dataDirs)
  unapproved += unapprovedExecutions(readAuditTrail(dataDir)).length;
report('rel.secret_hits', secretHits, 'hits');
report('rel.secret_runs_incomplete', secretRunsIncomplete, 'runs');
report('rel.unapproved_executions', unapproved, 'executions');
report('rel.audited_executions', consent.executed, 'executions');
report('rel.audit_server_disagreements', consent.disagreements, 'executions');

section(`kill -9 during writes (${SETTINGS.kills}) and quit cycles (${SETTINGS.quitCycles})`);
// Minutes of waiting on Ollama, run meanwhile rather than added to the total.
const slow = slowOllama(SETTINGS.coldLoadMs);
{
  const dataDir = tempDir('soak-kill');
  let unreadable = 0;
  let lostBeyondInFlight = 0;
  for (let kill = 0; kill < SETTINGS.kills; kill++) {
    const acked = await killDuringWrites(dataDir, Math.floor(Math.random() * 80));
    const disk = checkDisk(dataDir);
    unreadable += disk.unreadable.length;
    for (const problem of disk.unreadable) process.stdout.write(`  unreadable: ${problem}\n`);
    if (disk.settingsStep < acked.settingsAcked || disk.messages < acked.messagesAcked)
      lostBeyondInFlight++;
  }
  report('rel.unreadable_files_after_kill', unreadable, 'files');
  report('rel.kill_lost_beyond_in_flight', lostBeyondInFlight, 'kills');
}
{
  let orphans = 0;
  let checked = 0;
  for (let cycle = 0; cycle < SETTINGS.quitCycles; cycle++) {
    const result = await quitCycle(tempDir('soak-quit'), cycle % 2 === 0 ? 'quit' : 'force');
    orphans += result.leftover.length;
    checked += result.pids.length;
  }
  report('rel.orphans', orphans, 'processes');
  report('rel.quit_cycle_processes_checked', checked, 'processes');
}
section('Ollama loading for minutes, then stalling');
{
  const result = await slow;
  report('rel.ollama_cold_load_done', result.coldLoadDone ? 1 : 0, 'yes/no');
  report('rel.ollama_cold_load_s', result.coldLoadS, 's');
  report('rel.ollama_stall_ended', result.stallEnded ? 1 : 0, 'yes/no');
  report('rel.ollama_stall_s', result.stallS, 's');
}
report('rel.soak_s', (performance.now() - started) / 1000, 's');

// Merged into what `npm run bench` wrote, so one file holds every figure.
const resultsPath = join(import.meta.dirname, '..', '..', '..', 'bench', 'results.json');
const metaPath = join(import.meta.dirname, '..', '..', '..', 'bench', 'results.meta.json');
const readJson = (path: string) =>
  existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {};
const results = { ...readJson(resultsPath) };
for (const figure of figures) results[figure.name] = figure.value;
writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
const meta = readJson(metaPath);
meta.soakAt = new Date().toISOString();
meta.units = {
  ...(meta.units as Record<string, string> | undefined),
  ...Object.fromEntries(figures.map((figure) => [figure.name, figure.unit])),
};
writeFileSync(metaPath, `${JSON.stringify(meta, null, 2)}\n`);

const missed = TARGETS.filter((target) => {
  const figure = figures.find((f) => f.name === target.name);
  return !figure || !target.ok(figure.value);
});
process.stdout.write(
  missed.length === 0
    ? 'Every rel.* figure meets its target.\n'
    : `Missed: ${missed.map((target) => target.name).join(', ')}\n`,
);
// Servers' reapers and sockets may linger a moment; the figures are written.
process.exit(missed.length === 0 ? 0 : 1);
