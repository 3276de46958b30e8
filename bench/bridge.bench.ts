/**
 * The bridge's cost: how long a call takes through the router alone (parsing and checking), and
 * through the browser host's real WebSocket on loopback, one at a time and fifty at once.
 */
import { performance } from 'node:perf_hooks';
import { connectRenderer } from '../tests/support/rendererBridge';
import { createHarness } from '../tests/support/routerHarness';
import { startTestHost } from '../tests/support/testHost';
import { distribution, round, type Figure } from './figures';

const ROUTER_CALLS = 20_000;
const SEQUENTIAL_CALLS = 2_000;
const CONCURRENT_BATCHES = 40;
const CONCURRENCY = 50;

export async function run(): Promise<Figure[]> {
  const { router, sender } = createHarness();
  for (let i = 0; i < 1_000; i++)
    await router.dispatch('settings:set', [{ theme: 'dark' }], sender);
  const started = performance.now();
  for (let i = 0; i < ROUTER_CALLS; i++)
    await router.dispatch('settings:set', [{ theme: i % 2 ? 'dark' : 'light' }], sender);
  const routerMicros = ((performance.now() - started) * 1000) / ROUTER_CALLS;

  const host = await startTestHost();
  const { api, transport } = connectRenderer(host);
  try {
    for (let i = 0; i < 200; i++) await api.settings.get();
    const sequential: number[] = [];
    for (let i = 0; i < SEQUENTIAL_CALLS; i++) {
      const t0 = performance.now();
      await api.settings.get();
      sequential.push(performance.now() - t0);
    }
    const batchStart = performance.now();
    for (let batch = 0; batch < CONCURRENT_BATCHES; batch++) {
      await Promise.all(Array.from({ length: CONCURRENCY }, () => api.app.info()));
    }
    const callsPerSecond =
      (CONCURRENT_BATCHES * CONCURRENCY) / ((performance.now() - batchStart) / 1000);
    return [
      { name: 'bridge.router_dispatch_us', value: round(routerMicros), unit: 'µs/call' },
      ...distribution('bridge.websocket_roundtrip_ms', sequential, 'ms'),
      {
        name: 'bridge.websocket_throughput_50_concurrent',
        value: Math.round(callsPerSecond),
        unit: 'calls/s',
      },
    ];
  } finally {
    transport.close();
    await host.close();
  }
}
