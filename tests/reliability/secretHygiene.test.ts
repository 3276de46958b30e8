import { describe, expect, it } from 'vitest';
import { runSecretScenario } from './support/secretScenario';

// A canary password through sudo, a canary token as a server's secret environment variable, and
// the OAuth tokens a real loopback authorization server issues; then every data file, the log,
// the conversation database, the requests to Ollama, the page events, and the argv and
// environment of every process spawned during the run are searched: zero hits, apart from the
// one environment variable the server's secret is for.
describe('secret hygiene', () => {
  it('finds no canary in files, logs, the database, model requests, argv or environments', async () => {
    const run = await runSecretScenario();
    expect(run.toolResults).toEqual([
      expect.stringContaining('elevated'),
      'hello',
      expect.stringContaining('mcp:read'),
    ]);
    expect(run.tokensIssued).toBeGreaterThanOrEqual(2);
    expect(run.processesSpawned).toBeGreaterThan(2);
    expect(run.hits).toEqual([]);
  });
});
