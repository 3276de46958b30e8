import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { settingsSchema, type Settings, type SettingsPatch } from '../../../../preload/contract';
import { applySettingsPatch } from '../../../../preload/settingsPatch';
import { ChatView } from '../../../../renderer/src/chat/ChatView';
import { heldAnswer } from '../../../support/heldAnswer';
import { renderWith } from '../../../support/rendererHarness';
import { connectChat, model, withLayout } from './chatFixtures';

withLayout();

// Before the first message to a cloud model (Ollama lists it with remote_host), Hearth asks once:
// it runs on ollama.com, so messages and tool results leave this computer. Remembered per model.
const CLOUD = 'gpt-oss:120b-cloud';
const models = () => [{ ...model(CLOUD), remote: true }, model('llama3.2')];

function withSettings(initial: Parameters<typeof settingsSchema.parse>[0]) {
  let settings: Settings = settingsSchema.parse(initial);
  const harness = connectChat({
    'models:list': models,
    'settings:get': () => settings,
    'settings:set': (patch: SettingsPatch) => {
      settings = applySettingsPatch(settings, patch);
      return settings;
    },
  });
  renderWith(<ChatView />, harness);
  return { harness, saved: () => settings };
}

const sends = (harness: ReturnType<typeof connectChat>) =>
  harness.calls.filter((call) => call.channel === 'chat:send');

describe('the first message to a cloud model', () => {
  it('asks first; Cancel sends nothing and keeps the text, Send sends and remembers the model', async () => {
    const user = userEvent.setup();
    const { harness, saved } = withSettings({ chat: { model: CLOUD } });
    await screen.findByRole('button', { name: new RegExp(`^Model: ${CLOUD}`) });
    const field = screen.getByRole('textbox', { name: 'Message' });
    await user.type(field, 'Summarise my notes{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Send this to ollama.com?' });
    expect(dialog.textContent).toContain(
      'it runs on ollama.com, so your messages and tool results leave this computer',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sends(harness)).toHaveLength(0);
    expect((field as HTMLTextAreaElement).value).toBe('Summarise my notes');

    await user.type(field, '{Enter}');
    const again = await screen.findByRole('dialog', { name: 'Send this to ollama.com?' });
    await user.click(within(again).getByRole('button', { name: `Send with ${CLOUD}` }));
    await vi.waitFor(() => expect(sends(harness)).toHaveLength(1));
    expect(sends(harness)[0]?.args[0]).toMatchObject({ text: 'Summarise my notes', model: CLOUD });
    await vi.waitFor(() => expect(saved().ollama.cloudModelsAllowed).toEqual([CLOUD]));
  });

  it('asks by the name while Ollama’s list has not come yet, as main refuses by it', async () => {
    const user = userEvent.setup();
    const list = heldAnswer<ReturnType<typeof models>>();
    let settings: Settings = settingsSchema.parse({ chat: { model: CLOUD } });
    const harness = connectChat({
      'models:list': list.handler,
      'settings:get': () => settings,
      'settings:set': (patch: SettingsPatch) => (settings = applySettingsPatch(settings, patch)),
    });
    renderWith(<ChatView />, harness);
    await list.asked();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Plan my week{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Send this to ollama.com?' })).toBeDefined();
    expect(sends(harness)).toHaveLength(0);
  });

  it('does not ask again for a model agreed to before, nor ever for a local model', async () => {
    const user = userEvent.setup();
    const { harness } = withSettings({
      chat: { model: CLOUD },
      ollama: { cloudModelsAllowed: [CLOUD] },
    });
    await screen.findByRole('button', { name: new RegExp(`^Model: ${CLOUD}`) });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hello{Enter}');
    await vi.waitFor(() => expect(sends(harness)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('never makes a cloud model the default: without one, the first local model is used', async () => {
    const user = userEvent.setup();
    const { harness } = withSettings({});
    // The cloud model is listed first, as Ollama may list it.
    await screen.findByRole('button', { name: /^Model: llama3\.2/ });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hello{Enter}');
    await vi.waitFor(() => expect(sends(harness)).toHaveLength(1));
    expect(sends(harness)[0]?.args[0]).toMatchObject({ model: 'llama3.2' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
