import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsSchema } from '../../../../preload/contract';
import { renderSettings, settingsHarness } from './settingsHarness';

afterEach(cleanup);

// The per-model switch for calls written as text: on unless the user turned it off, kept beside
// the other models' choices.
describe('reading tool calls from the model’s text', () => {
  it('is on by default, and off is kept for that model alone', async () => {
    const user = userEvent.setup();
    const start = settingsSchema.parse({
      chat: { model: 'llama3.2', readTextCalls: { 'qwen3:8b': false } },
    });
    const harness = settingsHarness({}, start);
    await renderSettings(harness);
    const toggle = screen.getByRole('switch', { name: 'Read tool calls from llama3.2’s text' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    toggle.focus();
    await user.keyboard(' ');
    await vi.waitFor(() =>
      expect(harness.patches()).toEqual([
        { chat: { readTextCalls: { 'qwen3:8b': false, 'llama3.2': false } } },
      ]),
    );
  });

  it('on again leaves the model out of the list', async () => {
    const user = userEvent.setup();
    const start = settingsSchema.parse({
      chat: { model: 'llama3.2', readTextCalls: { 'llama3.2': false } },
    });
    const harness = settingsHarness({}, start);
    await renderSettings(harness);
    await user.click(screen.getByRole('switch', { name: 'Read tool calls from llama3.2’s text' }));
    await vi.waitFor(() => expect(harness.patches()).toEqual([{ chat: { readTextCalls: {} } }]));
  });
});
