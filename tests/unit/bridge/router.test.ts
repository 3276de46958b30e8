import { describe, expect, it } from 'vitest';
import { UserFacingError } from '../../../electron/core/bridge/errors';
import { INTERNAL_FAILURE } from '../../../electron/core/bridge/router';
import { invokeChannelNames } from '../../../preload/channels';
import { invokeChannels, MAX_URL_LENGTH, settingsSchema } from '../../../preload/contract';
import { createHarness } from '../../support/routerHarness';

describe('the router', () => {
  it('answers a well-formed call from the app with the handler’s value', async () => {
    const { router, sender } = createHarness();
    const outcome = await router.dispatch('settings:set', [{ theme: 'dark' }], sender);
    expect(outcome).toEqual({ ok: true, value: settingsSchema.parse({ theme: 'dark' }) });
  });

  it('refuses a channel the contract does not declare', async () => {
    const { router, sender } = createHarness();
    const outcome = await router.dispatch('shell:exec', ['rm -rf /'], sender);
    expect(outcome).toEqual({
      ok: false,
      error: { code: 'E_UNKNOWN_CHANNEL', message: 'There is no channel named "shell:exec".' },
    });
  });

  it('refuses inherited property names as channels', async () => {
    const { router, sender } = createHarness();
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const outcome = await router.dispatch(name, [], sender);
      expect(outcome.ok ? 'ok' : outcome.error.code).toBe('E_UNKNOWN_CHANNEL');
    }
  });

  it('refuses a call from a frame that is not the app’s own, before the handler runs', async () => {
    let ran = false;
    const { router, logLines } = createHarness({
      'settings:get': () => {
        ran = true;
        return settingsSchema.parse({});
      },
    });
    const outcome = await router.dispatch('settings:get', [], {
      url: 'https://evil.test/frame.html',
    });
    expect(outcome.ok ? 'ok' : outcome.error.code).toBe('E_FORBIDDEN_SENDER');
    expect(ran).toBe(false);
    expect(logLines.some((line) => line.includes('WARN') && line.includes('settings:get'))).toBe(
      true,
    );
  });

  it.each([
    ['a wrong type', [{ theme: 42 }], 'argument 1, field theme'],
    ['a value outside the enum', [{ theme: 'blue' }], 'argument 1, field theme'],
    ['an unknown field', [{ theme: 'dark', admin: true }], 'admin'],
    ['a missing argument', [], 'it takes 1 argument, not 0'],
    ['an extra argument', [{ theme: 'dark' }, 'extra'], 'it takes 1 argument, not 2'],
    ['arguments that are not a list', { theme: 'dark' }, 'the arguments must be a list'],
    ['null instead of the patch', [null], 'argument 1'],
  ])('refuses a payload with %s and says where', async (_label, args, where) => {
    const { router, sender } = createHarness();
    const outcome = await router.dispatch('settings:set', args, sender);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe('E_INVALID_PAYLOAD');
    expect(outcome.error.message).toMatch(/^settings:set was refused: /);
    expect(outcome.error.message).toContain(where);
  });

  it('refuses an oversized string', async () => {
    const { router, sender } = createHarness();
    const outcome = await router.dispatch(
      'links:open',
      [`https://a.test/${'x'.repeat(MAX_URL_LENGTH)}`],
      sender,
    );
    expect(outcome.ok ? 'ok' : outcome.error.code).toBe('E_INVALID_PAYLOAD');
  });

  it('passes a user-facing error’s message and code through', async () => {
    const { router, sender } = createHarness({
      'settings:get': () => {
        throw new UserFacingError('The settings folder is read-only.');
      },
    });
    const outcome = await router.dispatch('settings:get', [], sender);
    expect(outcome).toEqual({
      ok: false,
      error: { code: 'E_FAILED', message: 'The settings folder is read-only.' },
    });
  });

  it('logs an unexpected failure in full and reports it plainly', async () => {
    const { router, sender, logLines } = createHarness({
      'settings:get': async () => {
        throw new Error('disk on fire');
      },
    });
    const outcome = await router.dispatch('settings:get', [], sender);
    expect(outcome).toEqual({
      ok: false,
      error: { code: 'E_INTERNAL', message: INTERNAL_FAILURE },
    });
    expect(logLines.join('\n')).toContain('Error: disk on fire');
  });

  it('puts no channel name and no exception text on the page, whatever was thrown', async () => {
    const thrown: unknown[] = [
      new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
      new TypeError("Cannot read properties of undefined (reading 'name')"),
      'a bare string',
    ];
    // Every channel that can be called without arguments, each throwing each of these.
    const channels = invokeChannelNames.filter(
      (channel) => invokeChannels[channel].args.safeParse([]).success,
    );
    expect(channels.length).toBeGreaterThan(10);
    for (const reason of thrown) {
      const { router, sender } = createHarness(
        Object.fromEntries(
          channels.map((channel) => [
            channel,
            () => {
              throw reason;
            },
          ]),
        ),
      );
      for (const channel of channels) {
        const outcome = await router.dispatch(channel, [], sender);
        expect(outcome, channel).toEqual({
          ok: false,
          error: { code: 'E_INTERNAL', message: INTERNAL_FAILURE },
        });
      }
    }
    expect(INTERNAL_FAILURE).not.toMatch(/:|Error|E_/);
  });

  it('never lets a reply outside the contract reach the renderer', async () => {
    const { router, sender } = createHarness({
      // A bug in a service: the reply has a field the contract does not know.
      'settings:get': () => ({ ...settingsSchema.parse({}), secret: 'x' }) as never,
    });
    const outcome = await router.dispatch('settings:get', [], sender);
    expect(outcome.ok ? 'ok' : outcome.error.code).toBe('E_INTERNAL');
  });
});
