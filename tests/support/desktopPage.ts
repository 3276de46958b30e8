/**
 * The page as the desktop app runs it, in Chromium: a `window.hearth` bridge (what the preload
 * exposes) in place of the WebSocket. Its calls go to the built browser host's real core, except
 * the desktop's own screen channels, which go through the real router to the screen service and
 * shell capture a test gives (with the Electron stand-in's `desktopCapturer`). `app:info` says
 * `electron`, as the desktop app's core does. For what only the desktop shows (the screenshot
 * picker) at every size and theme; the desktop main process itself is tested with the stand-in.
 */
import type { Page } from 'playwright-core';
import type { InvokeChannel, EventChannel } from '../../preload/contract';
import { methodPath } from '../../preload/api';
import { eventChannelNames, invokeChannelNames } from '../../preload/channels';
import type { Handlers } from '../../electron/core/bridge/router';
import { connectToServe } from './rendererBridge';
import { createHarness } from './routerHarness';
import type { ServeProcess } from './serveProcess';

declare global {
  interface Window {
    hearthInvoke(channel: string, args: unknown[]): Promise<unknown>;
    hearthSubscribe(channel: string): Promise<void>;
    hearthEvent(channel: string, payload: unknown): void;
  }
}

export async function openAsDesktop(
  page: Page,
  host: ServeProcess,
  desktopHandlers: Partial<Handlers>,
): Promise<{ close(): void }> {
  const { transport } = connectToServe(host);
  const { router, sender } = createHarness(desktopHandlers);
  const own = new Set(Object.keys(desktopHandlers));
  await page.exposeFunction('hearthInvoke', async (channel: InvokeChannel, args: unknown[]) => {
    if (own.has(channel)) return router.dispatch(channel, args, sender);
    const outcome = await transport.invoke(channel, args);
    if (channel === 'app:info' && outcome.ok)
      return { ok: true, value: { ...(outcome.value as object), host: 'electron' } };
    return outcome;
  });
  const stops: (() => void)[] = [];
  await page.exposeFunction('hearthSubscribe', (channel: EventChannel) => {
    stops.push(
      transport.subscribe(channel, (payload) => {
        page
          .evaluate(([name, value]) => window.hearthEvent(name, value), [channel, payload] as const)
          .catch(() => undefined);
      }),
    );
  });
  // The preload's bridge is a table of methods by the contract's names (preload/api.ts).
  const names = {
    invoke: invokeChannelNames.map((channel) => [channel, ...methodPath(channel)]),
    events: eventChannelNames.map((channel) => [channel, ...methodPath(channel)]),
  };
  await page.addInitScript((table: typeof names) => {
    const listeners = new Map<string, Set<(payload: unknown) => void>>();
    window.hearthEvent = (channel, payload) =>
      listeners.get(channel)?.forEach((listener) => listener(payload));
    const bridge: Record<string, Record<string, unknown>> = {};
    for (const [channel = '', domain = '', name = ''] of table.invoke) {
      bridge[domain] ??= {};
      bridge[domain][name] = (...args: unknown[]) => {
        while (args.length > 0 && args.at(-1) === undefined) args.pop();
        return window.hearthInvoke(channel, args);
      };
    }
    for (const [channel = '', domain = '', name = ''] of table.events) {
      bridge[domain] ??= {};
      bridge[domain][name] = (listener: (payload: unknown) => void) => {
        let set = listeners.get(channel);
        if (!set) {
          set = new Set();
          listeners.set(channel, set);
          void window.hearthSubscribe(channel);
        }
        set.add(listener);
        return () => set.delete(listener);
      };
    }
    Object.defineProperty(window, 'hearth', { value: bridge });
  }, names);
  return {
    close() {
      for (const stop of stops.splice(0)) stop();
      transport.close();
    },
  };
}
