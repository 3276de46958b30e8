import { settingsWith } from '../../support/settings';
import { describe, expect, it } from 'vitest';
import { registerIpc, windowsSink } from '../../../electron/shell/ipc';
import { invokeChannelNames } from '../../../preload/channels';
import { APP_ORIGIN, createHarness } from '../../support/routerHarness';

type Handler = (event: unknown, ...args: unknown[]) => Promise<unknown>;

function registered() {
  const handlers = new Map<string, Handler>();
  registerIpc(
    { handle: (channel: string, handler: Handler) => handlers.set(channel, handler) } as never,
    createHarness().router,
  );
  return handlers;
}

describe('IPC registration', () => {
  it('registers one handler per contract channel', () => {
    expect([...registered().keys()].sort()).toEqual([...invokeChannelNames].sort());
  });

  it('answers the app’s own frame', async () => {
    const handler = registered().get('settings:get');
    await expect(handler?.({ senderFrame: { url: `${APP_ORIGIN}/index.html` } })).resolves.toEqual({
      ok: true,
      value: settingsWith({ theme: 'system' }),
    });
  });

  it('refuses a foreign frame and a frame that is gone', async () => {
    const handler = registered().get('settings:get');
    for (const event of [{ senderFrame: { url: 'https://evil.test/' } }, { senderFrame: null }]) {
      await expect(handler?.(event)).resolves.toMatchObject({
        ok: false,
        error: { code: 'E_FORBIDDEN_SENDER' },
      });
    }
  });

  it('checks the payload a frame sends', async () => {
    const handler = registered().get('settings:set');
    await expect(
      handler?.({ senderFrame: { url: `${APP_ORIGIN}/` } }, { theme: 'neon' }),
    ).resolves.toMatchObject({
      ok: false,
      error: { code: 'E_INVALID_PAYLOAD' },
    });
  });
});

describe('the window event sink', () => {
  it('sends to live windows and skips destroyed ones', () => {
    const sent: string[] = [];
    const window = (name: string, destroyed: boolean) => ({
      isDestroyed: () => destroyed,
      send: (channel: string) => sent.push(`${name}:${channel}`),
    });
    windowsSink(() => [window('a', false), window('b', true), window('c', false)])(
      'settings:changed',
      { theme: 'dark' },
    );
    expect(sent).toEqual(['a:settings:changed', 'c:settings:changed']);
  });
});
