import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsSchema } from '../../../../preload/contract';
import { renderSettings, settingsHarness } from './settingsHarness';

afterEach(cleanup);

async function retype(user: ReturnType<typeof userEvent.setup>, name: string, text: string) {
  const input: HTMLInputElement = screen.getByLabelText(name);
  await user.clear(input);
  if (text) await user.type(input, text);
  return input;
}

describe('context and tool budget settings', () => {
  it('saves the largest automatic context', async () => {
    const user = userEvent.setup();
    const harness = settingsHarness();
    await renderSettings(harness);
    await retype(user, 'Largest automatic context', '16384');
    await user.tab();
    await vi.waitFor(() =>
      expect(harness.patches()).toEqual([{ chat: { contextCapTokens: 16_384 } }]),
    );
  });

  it("saves the default model's tool budget beside the other models', and empty as automatic", async () => {
    const user = userEvent.setup();
    const start = settingsSchema.parse({
      chat: { model: 'llama3.2', toolBudgets: { 'qwen3:8b': 20, 'llama3.2': 6 } },
    });
    const harness = settingsHarness({}, start);
    await renderSettings(harness);
    const input = await retype(user, 'Tools per message for llama3.2', '');
    expect(input.value).toBe('');
    await user.tab();
    await vi.waitFor(() =>
      expect(harness.patches()).toEqual([{ chat: { toolBudgets: { 'qwen3:8b': 20 } } }]),
    );
  });

  it('refuses a budget out of range', async () => {
    const user = userEvent.setup();
    const harness = settingsHarness({}, settingsSchema.parse({ chat: { model: 'llama3.2' } }));
    await renderSettings(harness);
    await retype(user, 'Tools per message for llama3.2', '5000');
    expect(screen.getByText('Use a whole number from 0 to 1,000.')).toBeTruthy();
  });
});
