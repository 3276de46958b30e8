import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UserFacingError } from '../../electron/core/bridge/errors';
import {
  createRegistryClient,
  normalizeBaseUrl,
  type RegistryClient,
} from '../../electron/core/registry/registryClient';
import { MEMORY_NAME, MEMORY_VERSION } from '../fixtures/registry/documents';
import { startTestRegistry, type TestRegistry } from '../fixtures/registry/registryServer';

// The registry client against a loopback registry serving the API's real shapes.
let registry: TestRegistry;
let client: RegistryClient;

beforeAll(async () => {
  registry = await startTestRegistry();
  client = createRegistryClient({ baseUrl: `${registry.url}/`, timeoutMs: 1_000 });
});

afterEach(async () => {
  registry.setMode('ok');
  await registry.up();
});

afterAll(() => registry.close());

async function failure(promise: Promise<unknown>): Promise<UserFacingError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(UserFacingError);
  return error as UserFacingError;
}

describe('listing servers', () => {
  it('pages through every latest entry with the cursor, the malformed one skipped with its reason', async () => {
    const names: string[] = [];
    const skipped: { name?: string; reason: string }[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.list({ cursor });
      names.push(...page.entries.map((entry) => entry.server.name));
      skipped.push(...page.skipped);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(2);
    expect(names).toHaveLength(34);
    expect(new Set(names).size).toBe(34);
    expect(names.filter((name) => name === MEMORY_NAME)).toHaveLength(1);
    expect(skipped).toEqual([
      {
        name: 'io.github.example/broken-entry',
        reason: expect.stringContaining('server.packages.0.identifier'),
      },
    ]);
    expect(registry.requests[0]).toBe('/v0.1/servers?limit=20&version=latest');
  });

  it('searches names and descriptions', async () => {
    const page = await client.list({ search: '  Weather ' });
    expect(page.entries.map((entry) => entry.server.name).sort()).toEqual([
      'io.github.example/old-weather',
      'io.github.example/weather-mcp',
      'io.github.joelverhagen/knapcode-samplemcpserver',
    ]);
    expect(page.nextCursor).toBeUndefined();
    expect(registry.requests.at(-1)).toBe('/v0.1/servers?search=Weather&limit=20&version=latest');
  });
});

describe('one server', () => {
  it('reads the latest version by its URL-encoded name, and a named version', async () => {
    const latest = await client.server(MEMORY_NAME);
    expect(latest.server.version).toBe(MEMORY_VERSION);
    expect(registry.requests.at(-1)).toBe(
      '/v0.1/servers/io.github.modelcontextprotocol%2Fserver-memory/versions/latest',
    );
    const older = await client.server(MEMORY_NAME, '0.6.2');
    expect(older._meta?.['io.modelcontextprotocol.registry/official']?.isLatest).toBe(false);
  });

  it('says when the registry has no such server or version', async () => {
    expect((await failure(client.server('io.github.example/nothing'))).message).toBe(
      `The registry at ${new URL(registry.url).host} has no server named “io.github.example/nothing”.`,
    );
    expect((await failure(client.server(MEMORY_NAME, '9.9.9'))).message).toMatch(
      /has no version 9\.9\.9/,
    );
  });

  it('refuses a malformed entry with the reason', async () => {
    const error = await failure(client.server('io.github.example/broken-entry'));
    expect(error.message).toMatch(/entry for “io\.github\.example\/broken-entry” is malformed/);
    expect(error.message).toMatch(/packages\.0\.identifier/);
  });
});

describe('a registry that fails', () => {
  it('is down: says it could not be reached', async () => {
    await registry.down();
    const error = await failure(client.list({}));
    expect(error.message).toMatch(/could not be reached \(ECONNREFUSED\)\. It may be down/);
  });

  it('answers an error: says what it answered', async () => {
    registry.setMode('error');
    const error = await failure(client.list({}));
    expect(error.message).toMatch(/answered 500 Internal Server Error: “Internal Server Error”/);
  });

  it('answers something that is not JSON: asks whether the address is a registry', async () => {
    registry.setMode('not-json');
    expect((await failure(client.list({}))).message).toMatch(/did not answer with JSON/);
  });

  it('does not answer: gives up after the timeout', async () => {
    registry.setMode('stall');
    const started = Date.now();
    expect((await failure(client.list({}))).message).toMatch(
      /did not answer within 1 s\. It may be down; try again later\./,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('sends its headers and then nothing: says so in the same words, not as an exception', async () => {
    registry.setMode('stall-body');
    const error = await failure(client.list({}));
    expect(error.message).toBe(
      `The registry at ${new URL(registry.url).host} did not answer within 1 s. It may be down; try again later.`,
    );
  });

  it('is not an http address', () => {
    expect(() => normalizeBaseUrl('file:///etc/passwd')).toThrow(/not an http/);
    expect(normalizeBaseUrl('https://example.com/registry/?x=1')).toBe(
      'https://example.com/registry',
    );
  });
});
