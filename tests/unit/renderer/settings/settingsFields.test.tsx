import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsSchema } from '../../../../preload/contract';
import { SAVE_DELAY_MS } from '../../../../renderer/src/settings/SettingsView';
import { model, renderSettings, settingsHarness } from './settingsHarness';
import { UserFacingError } from '../../../../electron/core/bridge/errors';

afterEach(cleanup);

const pause = () => new Promise((resolve) => setTimeout(resolve, SAVE_DELAY_MS + 150));

function section(name: string) {
  return screen.getByRole('region', { name });
}

function field(name: string): HTMLInputElement {
  return screen.getByLabelText(name);
}

/** Replaces a field's text the way a person does: select all, type. */
async function retype(user: ReturnType<typeof userEvent.setup>, name: string, text: string) {
  const input = field(name);
  await user.clear(input);
  if (text) await user.type(input, text);
  return input;
}

describe('the settings view', () => {
  it('has a section with a heading for each group, and saves nothing by being opened', async () => {
    const harness = settingsHarness();
    await renderSettings(harness);
    for (const name of ['Ollama', 'Chat', 'Appearance', 'Desktop', 'Data']) {
      expect(section(name)).toBeTruthy();
    }
    await pause();
    expect(harness.patches()).toEqual([]);
  });

  it('changes the theme with the radios of the Theme group', async () => {
    const user = userEvent.setup();
    const harness = settingsHarness();
    await renderSettings(harness);
    const theme = screen.getByRole('radiogroup', { name: 'Theme' });
    expect(
      within(theme)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['system', 'light', 'dark']);
    await user.click(within(theme).getByRole('radio', { name: 'Dark' }));
    expect(harness.patches()).toEqual([{ theme: 'dark' }]);
    expect((screen.getByRole('radio', { name: 'Dark' }) as HTMLInputElement).checked).toBe(true);
  });

  it.each([
    ['Ask before every tool call', { chat: { askForEveryTool: true } }],
    ['Let reasoning models think', { chat: { think: false } }],
    ['Launch Hearth at login', { desktop: { launchAtLogin: true } }],
  ])('saves the "%s" switch', async (name, patch) => {
    const user = userEvent.setup();
    const harness = settingsHarness();
    await renderSettings(harness);
    await user.click(screen.getByRole('switch', { name }));
    expect(harness.patches()).toEqual([patch]);
  });

  it('saves a number after the user stops typing', async () => {
    const user = userEvent.setup();
    const harness = settingsHarness();
    await renderSettings(harness);
    await retype(user, 'Loop limit', '25');
    expect(harness.patches()).toEqual([]);
    await vi.waitFor(() => expect(harness.patches()).toEqual([{ chat: { loopLimit: 25 } }]));
    expect(harness.stored().chat.loopLimit).toBe(25);
  });

  it.each([
    ['Loop limit', '51', 'Use a whole number from 1 to 50.'],
    ['Loop limit', '2.5', 'Use a whole number from 1 to 50.'],
    ['Loop limit', '', 'Use a whole number from 1 to 50.'],
    ['Context length', '-1', 'Use a whole number from 0 to 1,048,576.'],
    ['Temperature', '2.5', 'Use a number from 0 to 2.'],
    ['Max tool result size', '999', 'Use a whole number from 1,000 to 1,000,000.'],
    ['Tool calls per reply', '0', 'Use a whole number from 1 to 200.'],
  ])('refuses %s = "%s" next to the field and saves nothing', async (name, text, error) => {
    const user = userEvent.setup();
    const harness = settingsHarness();
    await renderSettings(harness);
    const input = await retype(user, name, text);
    expect(screen.getByText(error)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByText(error).id);
    await user.tab();
    await pause();
    expect(harness.patches()).toEqual([]);
  });

  it.each([
    ['Context length', '0', { chat: { contextTokens: 0 } }],
    ['Context length', '32768', { chat: { contextTokens: 32_768 } }],
    ['Temperature', '0.7', { chat: { temperature: 0.7 } }],
    ['Max tool result size', '1000000', { chat: { maxToolResultChars: 1_000_000 } }],
    ['Tool calls per reply', '40', { chat: { maxCallsPerReply: 40 } }],
  ])('saves %s = %s when the field is left', async (name, text, patch) => {
    const user = userEvent.setup();
    const harness = settingsHarness();
    await renderSettings(harness);
    await retype(user, name, text);
    await user.tab();
    await vi.waitFor(() => expect(harness.patches()).toEqual([patch]));
  });

  it('saves an empty temperature as the model’s default', async () => {
    const user = userEvent.setup();
    const start = settingsSchema.parse({ chat: { temperature: 0.4 } });
    const harness = settingsHarness({}, start);
    await renderSettings(harness);
    expect(field('Temperature').value).toBe('0.4');
    await retype(user, 'Temperature', '');
    await user.tab();
    await vi.waitFor(() => expect(harness.patches()).toEqual([{ chat: { temperature: null } }]));
  });

  it('chooses the default model from the models Ollama has', async () => {
    const user = userEvent.setup();
    const harness = settingsHarness();
    await renderSettings(harness);
    const select = screen.getByRole('combobox', { name: 'Default model' });
    await vi.waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['None chosen', 'llama3.2 (3.2B)', 'qwen3 (8B)']),
    );
    await user.selectOptions(select, 'qwen3');
    expect(harness.patches()).toEqual([{ chat: { model: 'qwen3' } }]);
  });

  it('keeps a chosen model that is no longer installed visible', async () => {
    const harness = settingsHarness(
      { 'models:list': () => [model('qwen3')] },
      settingsSchema.parse({ chat: { model: 'mistral' } }),
    );
    await renderSettings(harness);
    const select = screen.getByRole('combobox', { name: 'Default model' }) as HTMLSelectElement;
    // Within the default's own list: the model for summaries lists the installed ones too.
    await within(select).findByRole('option', { name: 'qwen3 (3.2B)' });
    expect(select.value).toBe('mistral');
    expect(within(select).getByRole('option', { name: 'mistral (not installed)' })).toBeTruthy();
  });

  it('says how to get a model when Ollama has none', async () => {
    const harness = settingsHarness({ 'models:list': () => [] });
    await renderSettings(harness);
    expect(await screen.findByText(/Ollama has no models yet/)).toBeTruthy();
  });

  it('saves the system prompt after a pause, and resets it to the default', async () => {
    const user = userEvent.setup();
    const harness = settingsHarness();
    await renderSettings(harness);
    const prompt = screen.getByRole('textbox', { name: 'System prompt' });
    const reset = screen.getByRole('button', { name: 'Reset to default' }) as HTMLButtonElement;
    expect(reset.disabled).toBe(true);
    await user.type(prompt, 'Answer in French.');
    await vi.waitFor(() =>
      expect(harness.patches()).toEqual([{ chat: { systemPrompt: 'Answer in French.' } }]),
    );
    await user.click(reset);
    await vi.waitFor(() =>
      expect(harness.patches().at(-1)).toEqual({ chat: { systemPrompt: '' } }),
    );
    expect((prompt as HTMLTextAreaElement).value).toBe('');
  });

  it('saves the quick chat shortcut, and says where it applies', async () => {
    const user = userEvent.setup();
    const harness = settingsHarness();
    await renderSettings(harness);
    const desktop = section('Desktop');
    expect(within(desktop).getByText(/Applies in the desktop app/)).toBeTruthy();
    await retype(user, 'Quick chat shortcut', 'Ctrl+Alt+Space');
    await user.tab();
    await vi.waitFor(() =>
      expect(harness.patches()).toEqual([{ desktop: { quickChatShortcut: 'Ctrl+Alt+Space' } }]),
    );
  });

  it('asks what to do with secrets without a keyring, and saves the answer', async () => {
    const user = userEvent.setup();
    const harness = settingsHarness();
    await renderSettings(harness);
    const choice = field('Secrets without a system keyring');
    expect(choice.value).toBe('ask');
    expect(within(section('Desktop')).getByText(/anyone who can read your files/)).toBeTruthy();
    await user.selectOptions(choice, 'Keep them for this session only');
    await vi.waitFor(() =>
      expect(harness.patches()).toEqual([{ desktop: { secretsWithoutKeyring: 'session' } }]),
    );
  });

  it('follows a change made in another window while the user is not typing', async () => {
    const harness = settingsHarness();
    await renderSettings(harness);
    const changed = settingsSchema.parse({ chat: { loopLimit: 7 } });
    act(() => harness.emit('settings:changed', changed));
    expect(field('Loop limit').value).toBe('7');
  });

  it('shows main’s refusal when a save fails', async () => {
    const user = userEvent.setup();
    const harness = settingsHarness({
      'settings:set': () => {
        throw new UserFacingError('The settings file is read-only.');
      },
    });
    await renderSettings(harness);
    await user.click(screen.getByRole('switch', { name: 'Launch Hearth at login' }));
    expect((await screen.findByRole('alert')).textContent).toContain('read-only');
    expect(
      (screen.getByRole('switch', { name: 'Launch Hearth at login' }) as HTMLInputElement).checked,
    ).toBe(false);
  });
});
