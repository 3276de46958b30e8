/**
 * The official MCP conformance suite against Hearth's MCP manager: every client scenario of the
 * current spec (2025-11-25), auth included, must pass. Each scenario is the suite's own server
 * (and authorization server) and Hearth's real sign-in path; run a few at a time.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CURRENT_SPEC,
  isRequired,
  listClientScenarios,
  runScenario,
  runScenarios,
  type Scenario,
} from '../conformance/scenarios';

let required: Scenario[] = [];

beforeAll(async () => {
  required = (await listClientScenarios()).filter(isRequired);
}, 60_000);

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

  it('passes every one of them', async () => {
    const first = await runScenarios(required, 3);
    // sse-retry measures how long the client waits before reconnecting (500 ms, 200 ms late at
    // most): on a machine busy with other tests a scenario that failed gets one more run, alone.
    const results = [];
    for (const result of first) results.push(result.passed ? result : await runScenario(result));
    const failed = results
      .filter((result) => !result.passed)
      .map((result) => `${result.name}: ${result.detail ?? 'failed'}`);
    expect(failed).toEqual([]);
    expect(results.length).toBe(required.length);
  }, 300_000);
});
