/**
 * `npm run conformance`: every client scenario of @modelcontextprotocol/conformance against
 * Hearth's MCP manager, as a table. Scenarios of the current spec (2025-11-25, current suite)
 * and of the next (2026-07-28, the suite's pinned next line) must pass (the exit code says
 * whether they did); draft, extension and 2025-03-26 ones are run and reported.
 *
 *   npm run conformance                 all scenarios
 *   npm run conformance -- --required   only the ones that must pass
 *   npm run conformance -- auth/scope-step-up sse-retry   just these
 *   npm run conformance -- --jobs=1     one scenario at a time (a busy machine: the suite gives
 *                                       each client 30 s)
 */
import {
  CURRENT_SPEC,
  isRequired,
  listClientScenarios,
  listNextSpecScenarios,
  NEXT_SPEC,
  runScenarios,
  suiteVersion,
  type ScenarioResult,
} from './scenarios';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const named = args.filter((arg) => !arg.startsWith('--'));
  const all = [...(await listClientScenarios()), ...(await listNextSpecScenarios())];
  if (all.length === 0) throw new Error('The conformance suite listed no client scenarios.');
  const chosen = all.filter(
    (scenario) =>
      (named.length === 0 || named.includes(scenario.name)) &&
      (!args.includes('--required') || isRequired(scenario)),
  );
  const unknown = named.filter((name) => !all.some((scenario) => scenario.name === name));
  if (unknown.length > 0) throw new Error(`No such scenario: ${unknown.join(', ')}`);
  process.stderr.write(`Running ${chosen.length} client scenarios…\n`);
  const jobs = Number(
    /^--jobs=(\d+)$/.exec(args.find((arg) => arg.startsWith('--jobs=')) ?? '')?.[1] ?? 3,
  );
  const results = await runScenarios(chosen, jobs, (result) =>
    process.stderr.write(`  ${result.passed ? 'pass' : 'FAIL'}  ${result.name}\n`),
  );
  process.stdout.write(`\n${table(results)}\n`);
  const required = results.filter(isRequired);
  const current = required.filter((result) => result.suite !== 'next');
  const next = required.filter((result) => result.suite === 'next');
  const others = results.filter((result) => !isRequired(result));
  const passed = (list: ScenarioResult[]) =>
    `${list.filter((result) => result.passed).length}/${list.length} passed`;
  process.stdout.write(
    `\nSpec ${CURRENT_SPEC} (conformance ${suiteVersion('current')}): ${passed(current)}. ` +
      `Spec ${NEXT_SPEC} (conformance ${suiteVersion('next')}): ${passed(next)}. ` +
      `Others (draft, extension, older): ${passed(others)} (not required).\n`,
  );
  process.exitCode = required.some((result) => !result.passed) ? 1 : 0;
}

function table(results: ScenarioResult[]): string {
  const header = ['scenario', 'spec', 'required', 'result', 'checks', 'detail'];
  const rows = results.map((result) => [
    result.name,
    result.suite === 'next' ? `${NEXT_SPEC} (next suite)` : result.specVersions.join(','),
    isRequired(result) ? 'yes' : 'no',
    result.passed ? 'pass' : 'FAIL',
    result.checks ?? '-',
    result.detail ?? '',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
