import { describe, expect, it } from 'vitest';
import {
  parseImport,
  planImport,
  type ParsedImport,
} from '../../../electron/core/mcp/config/importExport';
import { importReportSchema, type ServerConfigInput } from '../../../preload/schemas/servers';
import { readImportFixture } from './readFixture';

function stdio(name: string, command = 'npx'): ServerConfigInput {
  return { name, enabled: false, transport: { type: 'stdio', command, args: [], env: [] } };
}

function parsedWith(...names: string[]): ParsedImport {
  return {
    format: 'claude-desktop',
    servers: names.map((name) => ({ name, config: stdio(name), notes: [] })),
    errors: [],
  };
}

describe('planImport', () => {
  it('adds servers whose names are free, disabled, under their own names', () => {
    const plan = planImport(parsedWith('github', 'memory'), ['filesystem'], []);
    expect(plan.report).toEqual({
      format: 'claude-desktop',
      items: [
        { name: 'github', outcome: 'added', finalName: 'github', notes: [] },
        { name: 'memory', outcome: 'added', finalName: 'memory', notes: [] },
      ],
      errors: [],
    });
    expect(plan.toSave).toEqual([stdio('github'), stdio('memory')]);
  });

  it('renames a server whose name is taken and says which server it would have replaced', () => {
    const plan = planImport(parsedWith('github'), ['github'], []);
    expect(plan.report.items).toEqual([
      {
        name: 'github',
        outcome: 'renamed',
        finalName: 'github-2',
        notes: [
          'A server named “github” is already there and stays as it is; this one is imported as “github-2”.',
        ],
      },
    ]);
    expect(plan.toSave.map((config) => config.name)).toEqual(['github-2']);
  });

  it('skips suffixes that existing servers already use', () => {
    const plan = planImport(parsedWith('github'), ['github', 'github-2', 'github-3'], []);
    expect(plan.report.items[0]?.finalName).toBe('github-4');
  });

  it('does not rename into a name a later server in the same import uses', () => {
    const plan = planImport(parsedWith('github', 'github-2'), ['github'], []);
    expect(plan.report.items.map((item) => [item.outcome, item.finalName])).toEqual([
      ['renamed', 'github-3'],
      ['added', 'github-2'],
    ]);
  });

  it('replaces an existing server only when the user asked for that name', () => {
    const plan = planImport(parsedWith('github', 'memory'), ['github', 'memory'], ['github']);
    expect(plan.report.items.map((item) => [item.name, item.outcome, item.finalName])).toEqual([
      ['github', 'replaced', 'github'],
      ['memory', 'renamed', 'memory-2'],
    ]);
    expect(plan.toSave.map((config) => config.name)).toEqual(['github', 'memory-2']);
  });

  it('ignores a replace request for a name that does not exist yet', () => {
    const plan = planImport(parsedWith('github'), [], ['github']);
    expect(plan.report.items[0]?.outcome).toBe('added');
  });

  it('never saves two servers under one name, even from a hand-made parse', () => {
    const plan = planImport(parsedWith('github', 'github'), ['github'], ['github']);
    expect(plan.report.items.map((item) => [item.outcome, item.finalName])).toEqual([
      ['replaced', 'github'],
      ['renamed', 'github-2'],
    ]);
    expect(plan.report.items[1]?.notes).toEqual([
      'Another server in this import already takes the name “github”; this one is imported as “github-2”.',
    ]);
  });

  it('reports skipped servers with their reason after their other notes, and saves nothing for them', () => {
    const plan = planImport(parseImport(readImportFixture('unknownFields.json')), [], []);
    const skipped = plan.report.items.filter((item) => item.outcome === 'skipped');
    expect(skipped.map((item) => item.name)).toEqual([
      'no-command',
      'websocket',
      'numeric-args',
      'just-text',
      'bad-type',
      'bad-env-name',
      'both',
    ]);
    expect(skipped[0]?.notes).toEqual([
      'It has neither a “command” to run nor a “url” to connect to.',
    ]);
    expect(skipped[0]?.finalName).toBeUndefined();
    expect(plan.toSave.map((config) => config.name)).toEqual(['sqlite']);
  });

  it('carries parse notes into the items', () => {
    const plan = planImport(parseImport(readImportFixture('claudeDesktop.json')), [], []);
    expect(plan.report.items.find((item) => item.name === 'puppeteer')?.notes).toEqual([
      'It was disabled in the file.',
    ]);
  });

  it('carries the file-level errors and format into the report', () => {
    const plan = planImport(parseImport('{"servers": {}}'), ['github'], []);
    expect(plan).toEqual({
      report: { format: 'vscode', items: [], errors: ['The file lists no servers.'] },
      toSave: [],
    });
  });

  it('saves every server disabled even if the parse said otherwise', () => {
    const parsed = parsedWith('github');
    const config = parsed.servers[0]?.config;
    if (config) config.enabled = true;
    expect(planImport(parsed, [], []).toSave[0]?.enabled).toBe(false);
  });

  it('produces a report the bridge schema accepts for a large file', () => {
    const parsed = parseImport(readImportFixture('manyServers.json'));
    const existing = parsed.servers.slice(0, 50).map((server) => server.name);
    const plan = planImport(parsed, existing, existing.slice(0, 10));
    expect(importReportSchema.safeParse(plan.report).success).toBe(true);
    expect(plan.toSave).toHaveLength(200);
    expect(new Set(plan.toSave.map((config) => config.name)).size).toBe(200);
    const outcomes = plan.report.items.map((item) => item.outcome);
    expect(outcomes.filter((outcome) => outcome === 'replaced')).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome === 'renamed')).toHaveLength(40);
  });
});
