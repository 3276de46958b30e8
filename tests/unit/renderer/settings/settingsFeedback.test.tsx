import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsSchema } from '../../../../preload/contract';
import { model, renderSettings, settingsHarness } from './settingsHarness';

afterEach(cleanup);

const UNREACHABLE =
  'Ollama is not reachable at http://127.0.0.1:11434 (nothing answers there). Start it with “ollama serve” or open the Ollama app, or change its address in Settings.';

function ollamaStatus() {
  return within(screen.getByRole('region', { name: 'Ollama' })).getByRole('status');
}

describe('what Settings says', () => {
  it('never says Connected next to an address that is not one', async () => {
    const user = userEvent.setup();
    await renderSettings(settingsHarness());
    await vi.waitFor(() => expect(ollamaStatus().textContent).toMatch(/^Connected/));
    await user.type(screen.getByRole('textbox', { name: 'Address' }), 'http://[[bad');
    expect(screen.getByText(/Not an address Hearth can use/)).toBeTruthy();
    expect(ollamaStatus().textContent).not.toMatch(/Connected/);
    expect(ollamaStatus().textContent).toBe('Not checked: the address above is not valid.');
  });

  it('says an unreachable Ollama once, without sending the user to Settings from Settings', async () => {
    await renderSettings(
      settingsHarness({
        'ollama:status': () => ({
          ok: false,
          host: 'http://127.0.0.1:11434',
          message: UNREACHABLE,
        }),
      }),
    );
    await vi.waitFor(() =>
      expect(ollamaStatus().textContent).toBe(
        'Ollama is not reachable at http://127.0.0.1:11434 (nothing answers there). Start it with “ollama serve” or open the Ollama app.',
      ),
    );
    const view = screen.getByRole('region', { name: 'Settings' }) ?? document.body;
    expect(view.textContent?.match(/nothing answers there/g)).toHaveLength(1);
    expect(view.textContent).not.toContain('change its address in Settings');
  });

  it('says Saved when a change is saved', async () => {
    const user = userEvent.setup();
    const harness = settingsHarness();
    await renderSettings(harness);
    const saved = () => screen.getByText((_, element) => element?.className === 'settings-saved');
    expect(saved().textContent).toBe('');
    await user.click(screen.getByRole('switch', { name: 'Ask before every tool call' }));
    await vi.waitFor(() => expect(saved().textContent).toBe('Saved'));
    expect(harness.patches()).toEqual([{ chat: { askForEveryTool: true } }]);
  });

  it('offers the tool budget before a default model is chosen', async () => {
    await renderSettings(settingsHarness());
    expect(await screen.findByLabelText('Tools per message for llama3.2')).toBeTruthy();
  });
});

describe('the default model', () => {
  it('shows a default named without a tag as the installed model with :latest', async () => {
    await renderSettings(
      settingsHarness(
        { 'models:list': () => [model('llama3.2:latest')] },
        settingsSchema.parse({ chat: { model: 'llama3.2' } }),
      ),
    );
    const select = (await screen.findByLabelText('Default model')) as HTMLSelectElement;
    await vi.waitFor(() => expect(select.value).toBe('llama3.2:latest'));
    expect(select.textContent).not.toContain('not installed');
  });
});

describe('the default model choices', () => {
  it('leaves out embedding-only models', async () => {
    await renderSettings(
      settingsHarness({
        'models:list': () => [model('llama3.2'), model('all-minilm', '22M')],
        'models:capabilities': (name) => ({
          tools: name === 'llama3.2',
          thinking: false,
          vision: false,
          contextLength: 8_192,
          ...(name === 'all-minilm' ? { embedding: true } : {}),
        }),
      }),
    );
    const select = (await screen.findByLabelText('Default model')) as HTMLSelectElement;
    await vi.waitFor(() =>
      expect([...select.options].map((option) => option.value)).toEqual(['', 'llama3.2']),
    );
  });
});
