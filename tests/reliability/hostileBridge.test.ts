import { describe, expect, it } from 'vitest';
import type { Handlers } from '../../electron/core/bridge/router';
import { invokeChannelNames } from '../../preload/channels';
import { invokeChannels } from '../../preload/contract';
import { createHarness } from '../support/routerHarness';

// Every channel of the contract against payloads a compromised or buggy renderer could send:
// wrong types, extra fields, prototype keys, 10 MB strings. Each is refused before any service
// runs, and nothing leaks into Object.prototype.
const TEN_MB = 'x'.repeat(10 * 1024 * 1024);

/** How many arguments a channel takes, from its tuple schema. */
const arity = (channel: (typeof invokeChannelNames)[number]) =>
  (invokeChannels[channel].args as unknown as { def: { items: unknown[] } }).def.items.length;

function spyHandlers() {
  const ran: string[] = [];
  const handlers = Object.fromEntries(
    invokeChannelNames.map((channel) => [
      channel,
      () => {
        ran.push(channel);
        throw new Error('must not run');
      },
    ]),
  ) as unknown as Partial<Handlers>;
  return { ran, handlers };
}

const HOSTILE: [string, (count: number) => unknown[]][] = [
  ['10 MB strings', (count) => Array.from({ length: Math.max(count, 1) }, () => TEN_MB)],
  ['booleans', (count) => Array.from({ length: Math.max(count, 1) }, () => true)],
  ['NaN', (count) => Array.from({ length: Math.max(count, 1) }, () => Number.NaN)],
  ['nulls', (count) => Array.from({ length: Math.max(count, 1) }, () => null)],
  [
    'objects with __proto__ and constructor keys',
    (count) =>
      Array.from({ length: Math.max(count, 1) }, () =>
        JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"p": 1}}}'),
      ),
  ],
  [
    'objects with 10 MB and extra fields',
    (count) =>
      Array.from({ length: Math.max(count, 1) }, () => ({
        text: TEN_MB,
        extra: TEN_MB,
        id: TEN_MB,
      })),
  ],
];

describe('the bridge against hostile payloads', () => {
  it.each(HOSTILE)('refuses %s on every channel before a service runs', async (_label, make) => {
    const { ran, handlers } = spyHandlers();
    const { router, sender } = createHarness(handlers);
    const accepted: string[] = [];
    for (const channel of invokeChannelNames) {
      const outcome = await router.dispatch(channel, make(arity(channel)), sender);
      if (outcome.ok || outcome.error.code !== 'E_INVALID_PAYLOAD') accepted.push(channel);
    }
    expect(accepted).toEqual([]);
    expect(ran).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).p).toBeUndefined();
  });

  it('refuses prototype names as channels and a payload that is not a list', async () => {
    const { ran, handlers } = spyHandlers();
    const { router, sender } = createHarness(handlers);
    for (const channel of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const outcome = await router.dispatch(channel, [], sender);
      expect(outcome.ok ? 'ok' : outcome.error.code).toBe('E_UNKNOWN_CHANNEL');
    }
    for (const args of [{ length: 1, 0: 'x' }, 'settings', 7, null]) {
      const outcome = await router.dispatch('settings:set', args, sender);
      expect(outcome.ok ? 'ok' : outcome.error.code).toBe('E_INVALID_PAYLOAD');
    }
    expect(ran).toEqual([]);
  });

  it('keeps a refusal message short even for a 10 MB payload', async () => {
    const { router, sender } = createHarness();
    const outcome = await router.dispatch('settings:set', [{ theme: TEN_MB }], sender);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.message.length).toBeLessThan(2_000);
  });
});
