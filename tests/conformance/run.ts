/**
 * `npm run conformance`: every client scenario of @modelcontextprotocol/conformance against
 * Hearth's MCP manager, as a table. Scenarios of the current spec (2025-11-25) must pass (the
 * exit code says whether they did); draft, extension and 2025-03-26 ones are run and reported.
 *
 *   npm run conformance                 all scenarios
 *   npm run conformance -- --required   only the current spec's
 *   npm run conformance -- auth/scope-step-up sse-retry   just these
 */
import {
  CURRENT_SPEC,
  isRequired,
  listClientScenarios,
  listNextSpecScenarios,
  NEXT_SPEC,
  runScenarios,
  type ScenarioResult,
} from './scenarios';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const named = args.filter((arg) => !arg.startsWith('--'));
  const all = [
    ...(await listClientScenarios()),
    ...(args.includes('--required') ? [] : await listNextSpecScenarios()),
  ];
  if (all.length === 0) throw new Error('The conformance suite listed no client scenarios.');
  const chosen = all.filter(
    (scenario) =>
      (named.length === 0 || named.includes(scenario.name)) &&
      (!args.includes('--required') || isRequired(scenario)),
  );
  const unknown = named.filter((name) => !all.some((scenario) => scenario.name === name));
  if (unknown.length > 0) throw new Error(`No such scenario: ${unknown.join(', ')}`);
  process.stderr.write(`Running ${chosen.length} client scenarios…\n`);
  const results = await runScenarios(chosen, 3, (result) =>
    process.stderr.write(`  ${result.passed ? 'pass' : 'FAIL'}  ${result.name}\n`),
  );
  process.stdout.write(`\n${table(results)}\n`);
  const required = results.filter(isRequired);
  const failedRequired = required.filter((result) => !result.passed);
  const next = results.filter((result) => result.suite === 'next');
  const others = results.filter((result) => !isRequired(result) && result.suite !== 'next');
  process.stdout.write(
    `\nSpec ${CURRENT_SPEC}: ${required.length - failedRequired.length}/${required.length} passed. ` +
      `Spec ${NEXT_SPEC} (the suite's next line, reported): ${next.filter((r) => r.passed).length}/${next.length} passed. ` +
      `Others (draft, extension, older): ${others.filter((r) => r.passed).length}/${others.length} passed (not required).\n`,
  );
  process.exitCode = failedRequired.length > 0 ? 1 : 0;
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
