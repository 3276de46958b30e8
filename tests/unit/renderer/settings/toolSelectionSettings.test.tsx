import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
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
  it('suggests a small embedding model, pulls it with one click showing progress, then says it is active', async () => {
    let installed = [model('llama3.2')];
    const harness = settingsHarness({
      'models:list': () => installed,
      'models:capabilities': capabilities,
      'models:pull': () => true,
    });
    await renderSettings(harness);
    const user = userEvent.setup();

    expect(await screen.findByText(/No embedding model is installed/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pull all-minilm' }));
    expect(harness.calls.find((call) => call.channel === 'models:pull')?.args).toEqual([
      'all-minilm',
    ]);
    harness.emit('models:pullProgress', {
      model: 'all-minilm',
      status: 'pulling manifest',
      done: false,
    });
    harness.emit('models:pullProgress', {
      model: 'all-minilm',
      status: 'downloading',
      completed: 23,
      total: 46,
      done: false,
    });
    expect(await screen.findByText('downloading 50%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Pulling all-minilm' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pulling…' })).toBeTruthy();

    installed = [model('llama3.2'), model('all-minilm', '22M')];
    const listsBefore = harness.count('models:list');
    harness.emit('models:pullProgress', { model: 'all-minilm', status: 'success', done: true });
    await waitFor(() => expect(harness.count('models:list')).toBeGreaterThan(listsBefore));
    const active = await screen.findByText(/Ranking tools by meaning with/);
    expect(active.textContent).toContain('all-minilm');
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
