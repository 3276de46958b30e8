/**
 * The renderer against the real router and contract, in memory: calls go through the same
 * parsing main does, so a component that sends something main would refuse fails here too.
 * Channels a test does not script throw (see routerHarness).
 */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createApi, createBridge, type Api } from '../../preload/api';
import type { Handlers } from '../../electron/core/bridge/router';
import { ApiContext } from '../../renderer/src/lib/apiContext';
import type { Connection } from '../../renderer/src/bridge/connect';
import { NavigationContext, type Navigation } from '../../renderer/src/lib/navigation';
import { createHarness } from './routerHarness';

export interface RendererHarness {
  api: Api;
  connection: Connection;
  /** Every call that reached the router: channel and the arguments as sent. */
  calls: { channel: string; args: unknown[] }[];
  /** Fires a main-to-renderer event, as main would. */
  emit(channel: string, payload: unknown): void;
}

export function connectTo(overrides: Partial<Handlers> = {}): RendererHarness {
  const { router, sender } = createHarness(overrides);
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const calls: RendererHarness['calls'] = [];
  const bridge = createBridge({
    invoke: (channel, args) => {
      calls.push({ channel, args });
      return router.dispatch(channel, structuredClone(args), sender);
    },
    subscribe: (channel, listener) => {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  });
  const api = createApi(bridge);
  return {
    api,
    connection: { api, status: () => 'open', onStatus: () => () => undefined },
    calls,
    emit: (channel, payload) => listeners.get(channel)?.forEach((listener) => listener(payload)),
  };
}

/** A navigation that records where components send the user. */
export function testNavigation(start: Partial<Navigation> = {}): Navigation & { visits: string[] } {
  const visits: string[] = [];
  return {
    view: 'chat',
    conversationId: undefined,
    serverName: undefined,
    openChat: (id) => visits.push(`chat:${id ?? 'new'}`),
    openServers: (name) => visits.push(`servers:${name ?? ''}`),
    openSettings: () => visits.push('settings'),
    openAbout: () => visits.push('about'),
    ...start,
    visits,
  };
}

/** Renders `ui` with the Api and a navigation, as the app shell provides them. */
export function renderWith(
  ui: ReactElement,
  harness: RendererHarness,
  navigation: Navigation = testNavigation(),
): RenderResult {
  return render(
    <ApiContext.Provider value={harness.api}>
      <NavigationContext.Provider value={navigation}>{ui}</NavigationContext.Provider>
    </ApiContext.Provider>,
  );
}
