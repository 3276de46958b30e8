/**
 * The official MCP conformance suite against Hearth's MCP manager: every client scenario of the
 * current spec (2025-11-25) and of the next one (2026-07-28, from the suite's pinned next line),
 * auth included, must pass. Each scenario is the suite's own server (and authorization server)
 * and Hearth's real sign-in path; run a few at a time. The scenarios run are printed, with their
 * verdicts, so a log shows what was covered.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CURRENT_SPEC,
  isRequired,
  listClientScenarios,
  listNextSpecScenarios,
  NEXT_SPEC,
  NEXT_SUITE_VERSION,
  runScenario,
  runScenarios,
  suiteVersion,
  type Scenario,
  type ScenarioResult,
} from '../conformance/scenarios';

/**
 * The suite gives each client 30 s and each scenario run here is killed after 60 s; the whole run
 * waits for those limits, not a guess of its own of how fast this machine is.
 */
const WHOLE_RUN_MS = 60 * 60_000;

let required: Scenario[] = [];
let next: Scenario[] = [];

beforeAll(async () => {
  required = (await listClientScenarios()).filter(isRequired);
  next = await listNextSpecScenarios();
}, 60_000);

/**
 * Runs the scenarios three at a time. sse-retry measures how long the client waits before
 * reconnecting (500 ms, 200 ms late at most): on a machine busy with other tests a scenario that
 * failed gets one more run, alone. Prints each one's verdict and returns the failures.
 */
async function failuresOf(title: string, scenarios: Scenario[]): Promise<string[]> {
  const first = await runScenarios(scenarios, 3);
  const results: ScenarioResult[] = [];
  for (const result of first) results.push(result.passed ? result : await runScenario(result));
  console.log(
    [
      `${title}: ${results.filter((result) => result.passed).length}/${results.length} passed`,
      ...results.map(
        (result) =>
          `  ${result.passed ? 'pass' : 'FAIL'}  ${result.name}${result.checks ? ` (${result.checks})` : ''}`,
      ),
    ].join('\n'),
  );
  expect(results.length).toBe(scenarios.length);
  return results
    .filter((result) => !result.passed)
    .map((result) => `${result.name}: ${result.detail ?? 'failed'}`);
}

describe(`MCP conformance, client scenarios of spec ${CURRENT_SPEC}`, () => {
  it('lists the scenarios the issue names, auth included', () => {
    const names = required.map((scenario) => scenario.name);
    for (const name of [
      'initialize',
      'tools_call',
      'elicitation-sep1034-client-defaults',
      'sse-retry',
      'auth/metadata-default',
      'auth/basic-cimd',
      'auth/scope-step-up',
      'auth/scope-retry-limit',
      'auth/pre-registration',
    ])
      expect(names).toContain(name);
  });

  it(
    'passes every one of them',
    async () => {
      const title = `Spec ${CURRENT_SPEC}, @modelcontextprotocol/conformance ${suiteVersion('current')}`;
      expect(await failuresOf(title, required)).toEqual([]);
    },
    WHOLE_RUN_MS,
  );
});

describe(`MCP conformance, client scenarios of spec ${NEXT_SPEC}`, () => {
  it(`runs the pinned suite release (${NEXT_SUITE_VERSION}) and lists the scenarios named here`, () => {
    // A new release may add or change scenarios: moving to it is a change of its own.
    expect(suiteVersion('next')).toBe(NEXT_SUITE_VERSION);
    const names = next.map((scenario) => scenario.name);
    for (const name of [
      'tools_call',
      'request-metadata',
      'sep-2322-client-request-state',
      'http-standard-headers',
      'http-custom-headers',
      'http-invalid-tool-headers',
      'json-schema-ref-no-deref',
      'json-schema-2020-12-preservation',
      'auth/scope-step-up',
      'auth/authorization-server-migration',
      'auth/iss-supported',
      'auth/iss-wrong-issuer',
      'auth/metadata-issuer-mismatch',
    ])
      expect(names).toContain(name);
  });

  it(
    'passes every one of them',
    async () => {
      const title = `Spec ${NEXT_SPEC}, @modelcontextprotocol/conformance ${suiteVersion('next')}`;
      expect(await failuresOf(title, next)).toEqual([]);
    },
    WHOLE_RUN_MS,
  );
});
