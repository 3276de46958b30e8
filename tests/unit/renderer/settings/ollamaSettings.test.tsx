import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsSchema, type InvokeResult } from '../../../../preload/contract';
import { SAVE_DELAY_MS } from '../../../../renderer/src/settings/SettingsView';
import { CONNECTED, renderSettings, settingsHarness } from './settingsHarness';
import { heldAnswer } from '../../../support/heldAnswer';
import { UserFacingError } from '../../../../electron/core/bridge/errors';

afterEach(cleanup);

function status() {
  return within(screen.getByRole('region', { name: 'Ollama' })).getByRole('status');
}

function address(): HTMLInputElement {
  return screen.getByRole('textbox', { name: 'Address' });
}

describe('the Ollama settings', () => {
  it('says Ollama is connected, with its version', async () => {
    const harness = settingsHarness();
    await renderSettings(harness);
    await vi.waitFor(() => expect(status().textContent).toBe('Connected — Ollama 0.12.6'));
    expect(status().classList.contains('settings-status-good')).toBe(true);
  });

  it('says in words why Ollama cannot be reached', async () => {
    const harness = settingsHarness({
      'ollama:status': () => ({
        ok: false,
        host: 'http://127.0.0.1:11434',
        message: 'Nothing answers there. Is Ollama running?',
      }),
    });
    await renderSettings(harness);
    await vi.waitFor(() =>
      expect(status().textContent).toBe(
        'Could not reach Ollama at http://127.0.0.1:11434: Nothing answers there. Is Ollama running?',
      ),
    );
    expect(status().classList.contains('settings-status-bad')).toBe(true);
    expect(screen.getByText(/Connect to Ollama to choose a model/)).toBeTruthy();
    expect(harness.count('models:list')).toBe(0);
  });

  it('shows the default address as a placeholder and leaves the field empty', async () => {
    await renderSettings(settingsHarness());
    expect(address().value).toBe('');
    expect(address().placeholder).toBe('http://127.0.0.1:11434');
  });

  it('saves a new address once the user stops typing, then checks it', async () => {
    const user = userEvent.setup();
    let answer: InvokeResult<'ollama:status'> = CONNECTED;
    const harness = settingsHarness({ 'ollama:status': () => answer });
    await renderSettings(harness);
    await vi.waitFor(() => expect(harness.count('ollama:status')).toBe(1));
    answer = { ok: false, host: 'http://gpu-box:11434', message: 'Connection refused.' };
    await user.type(address(), 'gpu-box');
    expect(harness.patches()).toEqual([]);
    await vi.waitFor(() => expect(harness.patches()).toEqual([{ ollama: { host: 'gpu-box' } }]));
    await vi.waitFor(() =>
      expect(status().textContent).toBe(
        'Could not reach Ollama at http://gpu-box:11434: Connection refused.',
      ),
    );
    expect(harness.count('ollama:status')).toBe(2);
  });

  it('shows that a check is under way', async () => {
    const user = userEvent.setup();
    const check = heldAnswer<InvokeResult<'ollama:status'>>();
    const harness = settingsHarness({ 'ollama:status': check.handler });
    await renderSettings(harness);
    await check.asked();
    expect(status().textContent).toBe('Checking…');
    await act(async () => check.answer(CONNECTED));
    await vi.waitFor(() => expect(status().textContent).toBe('Connected — Ollama 0.12.6'));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(status().textContent).toBe('Checking…');
  });

  it('checks again with the Check button, saving a typed address first', async () => {
    const user = userEvent.setup();
    const harness = settingsHarness();
    await renderSettings(harness);
    await vi.waitFor(() => expect(harness.count('ollama:status')).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await vi.waitFor(() => expect(harness.count('ollama:status')).toBe(2));
    expect(harness.patches()).toEqual([]);

    await user.type(address(), 'http://10.0.0.5:11434');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await vi.waitFor(() => expect(harness.count('ollama:status')).toBe(3));
    const order = harness.calls.map((call) => call.channel);
    expect(order.lastIndexOf('settings:set')).toBeLessThan(order.lastIndexOf('ollama:status'));
    expect(harness.patches()).toEqual([{ ollama: { host: 'http://10.0.0.5:11434' } }]);
    // The save happened on the click, not again after the pause.
    await new Promise((resolve) => setTimeout(resolve, SAVE_DELAY_MS + 100));
    expect(harness.patches()).toHaveLength(1);
    expect(harness.count('ollama:status')).toBe(3);
  });

  it('refuses an address Hearth cannot use', async () => {
    const user = userEvent.setup();
    const harness = settingsHarness();
    await renderSettings(harness);
    await user.type(address(), 'http://[[bad');
    expect(screen.getByText(/Not an address Hearth can use/)).toBeTruthy();
    expect(address().getAttribute('aria-invalid')).toBe('true');
    await user.tab();
    expect(harness.patches()).toEqual([]);
  });

  it('says so when the check itself fails', async () => {
    const harness = settingsHarness({
      'ollama:status': () => {
        throw new UserFacingError('The bridge is closed.');
      },
    });
    await renderSettings(harness);
    await vi.waitFor(() =>
      expect(status().textContent).toMatch(/^Could not check Ollama: .*The bridge is closed\.$/),
    );
  });

  it('refuses a keep-alive that is not a duration, with the contract’s words', async () => {
    const user = userEvent.setup();
    const harness = settingsHarness();
    await renderSettings(harness);
    const field = screen.getByRole('textbox', { name: 'Keep the model loaded for' });
    expect((field as HTMLInputElement).value).toBe('5m');
    await user.clear(field);
    await user.type(field, '5 minutes');
    expect(screen.getByText(/^Leave out the spaces\. Use a number of seconds/)).toBeTruthy();
    await user.tab();
    expect(harness.patches()).toEqual([]);
    await user.clear(field);
    await user.type(field, '1h');
    await user.tab();
    await vi.waitFor(() => expect(harness.patches()).toEqual([{ ollama: { keepAlive: '1h' } }]));
  });

  it('saves a keep-alive typed as a number as a number, as Ollama reads keep_alive', async () => {
    const user = userEvent.setup();
    const harness = settingsHarness();
    await renderSettings(harness);
    const field = screen.getByRole('textbox', { name: 'Keep the model loaded for' });
    await user.clear(field);
    await user.type(field, '5');
    await user.tab();
    await vi.waitFor(() => expect(harness.patches()).toEqual([{ ollama: { keepAlive: 5 } }]));
    await user.clear(field);
    await user.type(field, '1h30m');
    await user.tab();
    await vi.waitFor(() =>
      expect(harness.patches()).toEqual([
        { ollama: { keepAlive: 5 } },
        { ollama: { keepAlive: '1h30m' } },
      ]),
    );
  });
});

describe('the proxy headers', () => {
  it('lists stored headers by name and never shows a value', async () => {
    const harness = settingsHarness({ 'ollama:headers': () => ['Authorization'] });
    await renderSettings(harness);
    const name = (await screen.findByRole('textbox', {
      name: 'Name of header 1',
    })) as HTMLInputElement;
    expect(name.value).toBe('Authorization');
    expect(name.readOnly).toBe(true);
    const value = screen.getByLabelText('Value of header 1') as HTMLInputElement;
    expect(value.type).toBe('password');
    expect(value.value).toBe('');
  });

  it('adds a header and saves it, keeping stored values the user did not retype', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    const harness = settingsHarness({
      'ollama:headers': () => ['X-Team'],
      'ollama:setHeaders': (headers) => (saved.push(headers), headers.map((header) => header.name)),
    });
    await renderSettings(harness);
    await screen.findByRole('textbox', { name: 'Name of header 1' });
    const save = screen.getByRole('button', { name: 'Save headers' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Add header' }));
    await user.type(screen.getByRole('textbox', { name: 'Name of header 2' }), 'Authorization');
    await user.type(screen.getByLabelText('Value of header 2'), 'Bearer s3cret');
    await user.click(save);
    await vi.waitFor(() =>
      expect(saved).toEqual([
        [
          { name: 'X-Team', secret: false },
          { name: 'Authorization', value: 'Bearer s3cret', secret: false },
        ],
      ]),
    );
    expect(await screen.findByText(/Headers saved/)).toBeTruthy();
    expect((screen.getByLabelText('Value of header 2') as HTMLInputElement).value).toBe('');
    expect(harness.count('ollama:status')).toBe(2);
  });

  it('removes a header', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    const harness = settingsHarness({
      'ollama:headers': () => ['X-Team', 'X-Old'],
      'ollama:setHeaders': (headers) => (saved.push(headers), headers.map((header) => header.name)),
    });
    await renderSettings(harness);
    await user.click(await screen.findByRole('button', { name: 'Remove header 2' }));
    await user.click(screen.getByRole('button', { name: 'Save headers' }));
    await vi.waitFor(() => expect(saved).toEqual([[{ name: 'X-Team', secret: false }]]));
  });

  it('refuses a bad name or a new header without a value, next to the row', async () => {
    const user = userEvent.setup();
    const harness = settingsHarness();
    await renderSettings(harness);
    await user.click(screen.getByRole('button', { name: 'Add header' }));
    await user.type(screen.getByRole('textbox', { name: 'Name of header 1' }), 'Bad Header');
    await user.click(screen.getByRole('button', { name: 'Save headers' }));
    expect(screen.getByText('Not a valid HTTP header name.')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Name of header 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Name of header 1' }), 'X-Key');
    await user.click(screen.getByRole('button', { name: 'Save headers' }));
    expect(screen.getByText('Give the header a value.')).toBeTruthy();
    expect(harness.count('ollama:setHeaders')).toBe(0);
  });
});

describe('the think level for gpt-oss', () => {
  it('saves the level chosen, and says such models always think', async () => {
    const user = userEvent.setup();
    const harness = settingsHarness();
    await renderSettings(harness);
    const level = screen.getByRole('combobox', { name: 'How hard gpt-oss thinks' });
    expect((level as HTMLSelectElement).value).toBe('medium');
    expect(level.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/They always think, even with “Let reasoning/)).toBeTruthy();
    await user.selectOptions(level, 'high');
    await vi.waitFor(() => expect(harness.patches()).toEqual([{ chat: { thinkLevel: 'high' } }]));
  });
});

describe('cloud models agreed to', () => {
  it('lists them, and Forget makes Hearth ask again before the next message', async () => {
    const user = userEvent.setup();
    const harness = settingsHarness(
      {},
      settingsSchema.parse({
        ollama: { cloudModelsAllowed: ['gpt-oss:120b-cloud', 'qwen3-coder:480b-cloud'] },
      }),
    );
    await renderSettings(harness);
    const group = await screen.findByRole('group', { name: 'Cloud models you agreed to' });
    expect(
      within(group)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('code')?.textContent),
    ).toEqual(['gpt-oss:120b-cloud', 'qwen3-coder:480b-cloud']);
    await user.click(within(group).getByRole('button', { name: 'Forget gpt-oss:120b-cloud' }));
    await vi.waitFor(() =>
      expect(harness.stored().ollama.cloudModelsAllowed).toEqual(['qwen3-coder:480b-cloud']),
    );
  });

  it('shows nothing while none were agreed to', async () => {
    await renderSettings(settingsHarness());
    await screen.findByRole('region', { name: 'Ollama' });
    expect(screen.queryByRole('group', { name: 'Cloud models you agreed to' })).toBeNull();
  });
});
