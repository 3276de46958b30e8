import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useOfferings } from '../../../../renderer/src/resources/useOfferings';
import { connectTo } from '../../../support/rendererHarness';
import { statusOf, stdioEntry } from './serverFixtures';

afterEach(cleanup);

describe('the offerings the composer and the Servers view show', () => {
  it('load once more after a burst of server statuses, not once per status', async () => {
    let release: () => void = () => undefined;
    let offered = 0;
    const harness = connectTo({
      'servers:offerings': async () => {
        offered++;
        await new Promise<void>((resolve) => (release = resolve));
        return {
          prompts: [{ server: 'docs', name: `greet-${offered}`, arguments: [] }],
          resources: [],
          resourceTemplates: [],
        };
      },
      'servers:list': () => [stdioEntry('docs', { state: 'ready' })],
    });
    const { result } = renderHook(() => useOfferings(harness.api));
    await waitFor(() => expect(offered).toBe(1));
    act(() => {
      for (let index = 0; index < 50; index++) {
        harness.emit('servers:status', statusOf(`s${index}`, { state: 'starting' }));
        harness.emit('servers:status', statusOf(`s${index}`, { state: 'ready' }));
      }
    });
    // The statuses while the first load ran make one more load, after it.
    await act(async () => release());
    await waitFor(() => expect(offered).toBe(2));
    await act(async () => release());
    await waitFor(() => expect(result.current.offerings.prompts[0]?.name).toBe('greet-2'));
    expect(offered).toBe(2);
  });

  it('loads again when a server is ready, not when it starts', async () => {
    let offered = 0;
    const harness = connectTo({
      'servers:offerings': () => {
        offered++;
        return { prompts: [], resources: [], resourceTemplates: [] };
      },
      'servers:list': () => [stdioEntry('docs', { state: 'ready' })],
    });
    renderHook(() => useOfferings(harness.api));
    await waitFor(() => expect(offered).toBe(1));
    act(() => harness.emit('servers:status', statusOf('docs', { state: 'starting' })));
    act(() => harness.emit('servers:status', statusOf('docs', { state: 'ready' })));
    await waitFor(() => expect(offered).toBe(2));
    act(() => harness.emit('servers:status', statusOf('docs', { state: 'stopped' })));
    await waitFor(() => expect(offered).toBe(3));
  });

  it("takes a restarting server's offerings off at once, and shows them again when it is ready", async () => {
    let offered = 0;
    const harness = connectTo({
      'servers:offerings': () => {
        offered++;
        return {
          prompts: [
            { server: 'docs', name: 'summarise', arguments: [] },
            { server: 'notes', name: 'jot', arguments: [] },
          ],
          resources: [{ server: 'docs', uri: 'file:///readme.md', name: 'readme' }],
          resourceTemplates: [],
        };
      },
      'servers:list': () => [
        stdioEntry('docs', { state: 'ready' }),
        stdioEntry('notes', { state: 'ready' }),
      ],
    });
    const { result } = renderHook(() => useOfferings(harness.api));
    await waitFor(() => expect(result.current.offerings.prompts).toHaveLength(2));
    act(() => harness.emit('servers:status', statusOf('docs', { state: 'starting' })));
    expect(result.current.offerings.prompts.map((prompt) => prompt.name)).toEqual(['jot']);
    expect(result.current.offerings.resources).toEqual([]);
    expect(offered).toBe(1);
    act(() => harness.emit('servers:status', statusOf('docs', { state: 'ready' })));
    await waitFor(() => expect(result.current.offerings.prompts).toHaveLength(2));
    expect(result.current.offerings.resources).toHaveLength(1);
  });
});
