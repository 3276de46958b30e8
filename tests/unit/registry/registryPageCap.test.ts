import { describe, expect, it } from 'vitest';
import {
  createRegistryClient,
  type FetchLike,
} from '../../../electron/core/registry/registryClient';
import { createRegistryService } from '../../../electron/core/registry/registryService';
import { registryPageSchema } from '../../../preload/schemas/registry';
import { fillers } from '../../fixtures/registry/documents';

// A registry that ignores `limit` and sends 5,000 entries at once: one page holds what was asked
// for (and never more than 100), and the page says what happened.
function registryIgnoringLimit(count: number): { fetch: FetchLike; asked: string[] } {
  const asked: string[] = [];
  const body = JSON.stringify({ servers: fillers(count), metadata: { nextCursor: 'after-all' } });
  return {
    asked,
    fetch: (url) => {
      asked.push(url);
      return Promise.resolve(
        new Response(body, { headers: { 'content-type': 'application/json' } }),
      );
    },
  };
}

describe('a registry page', () => {
  it('holds no more than the page asked for when the registry sends 5,000, and says so', async () => {
    const registry = registryIgnoringLimit(5_000);
    const client = createRegistryClient({
      baseUrl: 'https://registry.example.com',
      fetch: registry.fetch,
    });
    const page = await client.list({});
    expect(new URL(registry.asked[0] ?? '').searchParams.get('limit')).toBe('20');
    expect(page.entries).toHaveLength(20);
    expect(page.entries[0]?.server.name).toBe('io.github.example/sample-01');
    expect(page.overfull).toEqual({ sent: 5_000, kept: 20 });
    // Asked for more than any page may hold: 100 at most.
    const large = await client.list({ limit: 1_000 });
    expect(large.entries).toHaveLength(100);
    expect(new URL(registry.asked[1] ?? '').searchParams.get('limit')).toBe('100');

    const service = createRegistryService({
      client: () => client,
      servers: { list: () => [], save: () => Promise.reject(new Error('not here')) },
    });
    const shown = await service.search({});
    expect(shown.servers).toHaveLength(20);
    expect(shown.overfull).toBe(
      'The registry sent 5000 servers for a page of 20, more than a page holds: Hearth shows the first 20. It does not keep to the page size it is asked for, so the others may not be reachable from here; search for a name to narrow the list.',
    );
    // What crosses to the page is within the contract.
    expect(registryPageSchema.safeParse(shown).success).toBe(true);
  });

  it('says nothing when the registry keeps to the page size', async () => {
    const client = createRegistryClient({
      baseUrl: 'https://registry.example.com',
      fetch: registryIgnoringLimit(20).fetch,
    });
    const page = await client.list({});
    expect(page.entries).toHaveLength(20);
    expect(page.overfull).toBeUndefined();
  });
});
