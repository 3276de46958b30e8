import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi, createBridge } from '../../../preload/api';
import { App } from '../../../renderer/src/App';
import type { Connection } from '../../../renderer/src/bridge/connect';
import type { Handlers } from '../../../electron/core/bridge/router';
import { createHarness } from '../../support/routerHarness';

/**
 * The renderer against the real router and contract, in memory: calls go through the same
 * parsing main does, so a renderer that sends something main would refuse fails here too.
 */
function connectTo(overrides: Partial<Handlers> = {}) {
  const { router, sender } = createHarness(overrides);
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const bridge = createBridge({
    invoke: (channel, args) => router.dispatch(channel, structuredClone(args), sender),
    subscribe: (channel, listener) => {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  });
  const emit = (channel: string, payload: unknown) =>
    listeners.get(channel)?.forEach((listener) => listener(payload));
  const connection: Connection = {
    api: createApi(bridge),
    status: () => 'open',
    onStatus: () => () => undefined,
  };
  return { connection, emit };
}

beforeEach(() => {
  window.matchMedia = vi
    .fn()
    .mockReturnValue({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() });
});
afterEach(cleanup);

describe('the app shell', () => {
  it('shows what main reports about itself', async () => {
    render(<App connection={connectTo().connection} />);
    const facts = await screen.findByLabelText('App information');
    expect(within(facts).getByText('0.0.0-test')).toBeTruthy();
    expect(within(facts).getByText('Browser host')).toBeTruthy();
  });

  it('changes the theme through main and applies it to the page', async () => {
    const user = userEvent.setup();
    render(<App connection={connectTo().connection} />);
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const dark = await screen.findByRole('radio', { name: 'Dark' });
    await user.click(dark);
    expect((dark as HTMLInputElement).checked).toBe(true);
    await vi.waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
  });

  it('follows a settings change made in another window', async () => {
    const { connection, emit } = connectTo();
    render(<App connection={connection} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Settings' }));
    await screen.findByRole('radio', { name: 'System' });
    act(() => emit('settings:changed', { theme: 'light' }));
    expect((screen.getByRole('radio', { name: 'Light' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows notices raised before the page loaded, and dismisses them', async () => {
    const dismissed: number[] = [];
    const { connection } = connectTo({
      'notices:list': () => [
        {
          id: 3,
          level: 'warning',
          message: 'Your settings could not be read.',
          at: new Date().toISOString(),
        },
      ],
      'notices:dismiss': (id) => (dismissed.push(id), true),
    });
    render(<App connection={connection} />);
    expect(await screen.findByText('Your settings could not be read.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss notice' }));
    expect(screen.queryByText('Your settings could not be read.')).toBeNull();
    expect(dismissed).toEqual([3]);
  });

  it('says why a link was refused', async () => {
    const { connection } = connectTo({
      'links:open': () => ({ outcome: 'refused', reason: 'Hearth opens only https: links.' }),
    });
    render(<App connection={connection} />);
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Ollama' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Hearth opens only https: links.');
  });

  it('opens a delegated link in a new tab without an opener', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { connection } = connectTo({ 'links:open': (url) => ({ outcome: 'delegated', url }) });
    render(<App connection={connection} />);
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Ollama' }));
    await vi.waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://ollama.com/', '_blank', 'noopener,noreferrer'),
    );
  });
});
