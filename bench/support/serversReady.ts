/**
 * Waits, over the bridge, until a host has `count` servers ready; the benches measure with all of
 * them up, never with some still starting.
 */
import { performance } from 'node:perf_hooks';
import type { Api } from '../../preload/api';

/** Resolves with the time (performance.now()) it saw them ready; refuses after a minute. */
export async function serversReady(api: Api, count: number, pollMs = 200): Promise<number> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    const servers = await api.servers.list();
    if (servers.filter((entry) => entry.status.state === 'ready').length >= count)
      return performance.now();
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`The ${count} servers were not ready within a minute.`);
}
