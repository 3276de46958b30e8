import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { model, renderSettings, settingsHarness } from './settingsHarness';

afterEach(cleanup);

const capabilities = (name: string) => ({
  tools: !name.includes('minilm'),
  thinking: false,
  vision: false,
  contextLength: 8_192,
  ...(name.includes('minilm') ? { embedding: true } : {}),
});

describe('tool selection in Settings', () => {
  it('suggests a small embedding model, downloads it with one click showing progress in words, then says it is active', async () => {
    let installed = [model('llama3.2')];
    const harness = settingsHarness({
      'models:list': () => installed,
      'models:capabilities': capabilities,
      'models:pull': () => true,
    });
    await renderSettings(harness);
    const user = userEvent.setup();

    expect(await screen.findByText(/No embedding model is installed/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download all-minilm' }));
    expect(harness.calls.find((call) => call.channel === 'models:pull')?.args).toEqual([
      'all-minilm',
    ]);
    harness.emit('models:pullProgress', {
      model: 'all-minilm',
      status: 'pulling manifest',
      done: false,
    });
    // Ollama names the layer by its digest; the user reads what is downloaded and how much.
    harness.emit('models:pullProgress', {
      model: 'all-minilm',
      status: 'pulling 7da4586fade3',
      completed: 11_500_000,
      total: 46_000_000,
      done: false,
    });
    expect(await screen.findByText('Downloading all-minilm · 12 MB of 46 MB')).toBeTruthy();
    expect(screen.queryByText(/7da4586fade3/)).toBeNull();
    const bar = screen.getByRole('progressbar', { name: 'Downloading all-minilm' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.tagName).not.toBe('PROGRESS');
    expect(screen.getByRole('button', { name: 'Downloading…' })).toBeTruthy();

    installed = [model('llama3.2'), model('all-minilm', '22M')];
    const listsBefore = harness.count('models:list');
    harness.emit('models:pullProgress', { model: 'all-minilm', status: 'success', done: true });
    await waitFor(() => expect(harness.count('models:list')).toBeGreaterThan(listsBefore));
    const active = await screen.findByText(/Ranking tools by meaning with/);
    expect(active.textContent).toContain('all-minilm');
  });

  it('tells the time left once the speed is known, and cancels the download', async () => {
    const harness = settingsHarness({
      'models:list': () => [model('llama3.2')],
      'models:capabilities': capabilities,
      'models:pull': () => true,
      'models:cancelPull': () => true,
    });
    await renderSettings(harness);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download all-minilm' }));
    const step = (completed: number) =>
      act(() =>
        harness.emit('models:pullProgress', {
          model: 'all-minilm',
          status: 'pulling 7da4586fade3',
          completed,
          total: 46_000_000,
          done: false,
        }),
      );
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now');
    clock.mockReturnValue(start);
    step(6_000_000);
    clock.mockReturnValue(start + 2_000);
    step(10_000_000);
    // 4 MB in 2 s: the 36 MB still to come take about 18 s.
    expect(
      await screen.findByText('Downloading all-minilm · 10 MB of 46 MB · about 18 s left'),
    ).toBeTruthy();
    clock.mockRestore();
    await user.click(screen.getByRole('button', { name: 'Cancel downloading all-minilm' }));
    expect(harness.calls.find((call) => call.channel === 'models:cancelPull')?.args).toEqual([
      'all-minilm',
    ]);
    harness.emit('models:pullProgress', {
      model: 'all-minilm',
      status: 'cancelled',
      done: true,
      error: 'The download was cancelled.',
    });
    expect(await screen.findByText(/Download of all-minilm cancelled/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download all-minilm' })).toBeTruthy();
  });

  it('says how many tool runs selection learned from, and forgets them at the user’s word', async () => {
    let learned = 12;
    const harness = settingsHarness({
      'tools:learned': () => learned,
      'tools:forgetLearned': () => {
        const forgotten = learned;
        learned = 0;
        return forgotten;
      },
    });
    await renderSettings(harness);
    const user = userEvent.setup();
    expect(await screen.findByText(/learned from 12 tool runs/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Forget what was learned' }));
    expect(await screen.findByText('Forgot 12 tool runs.')).toBeTruthy();
    expect(harness.count('tools:forgetLearned')).toBe(1);
    expect(
      (screen.getByRole('button', { name: 'Forget what was learned' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });
});
