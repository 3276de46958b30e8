import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConversationOptionsPatch } from '../../../../preload/schemas/chat';
import { conversation, message, openConversation, withLayout } from './chatFixtures';

withLayout();

const TITLE = 'Options for this conversation';

async function openSettings(options: { instructions?: string; temperature?: number }) {
  const saved: [string, ConversationOptionsPatch][] = [];
  await openConversation([message('user', 'Hi'), message('assistant', 'Hello')], {
    'conversations:get': (id) =>
      conversation(id, [], { options: { model: 'llama3.2', ...options } }),
    'conversations:setOptions': (id, patch) => {
      saved.push([id, patch]);
      return { model: 'llama3.2' };
    },
  });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Options' }));
  const dialog = await screen.findByRole('dialog', { name: TITLE });
  const instructions = within(dialog).getByRole('textbox', {
    name: 'Instructions (system prompt)',
  }) as HTMLTextAreaElement;
  const temperature = within(dialog).getByRole('spinbutton', {
    name: 'Temperature',
  }) as HTMLInputElement;
  return { user, dialog, instructions, temperature, saved };
}

describe('options of one conversation', () => {
  it('shows the conversation’s own options and saves them as one patch', async () => {
    const { user, dialog, instructions, temperature, saved } = await openSettings({
      instructions: 'Answer in French.',
      temperature: 0.2,
    });
    expect([instructions.value, temperature.value]).toEqual(['Answer in French.', '0.2']);
    await user.clear(instructions);
    await user.type(instructions, 'Answer in Dutch.');
    await user.clear(temperature);
    await user.type(temperature, '0.7');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([['c1', { instructions: 'Answer in Dutch.', temperature: 0.7 }]]);
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
  });

  it('clears the temperature when its field is left empty', async () => {
    const { user, dialog, temperature, saved } = await openSettings({ temperature: 0.2 });
    await user.clear(temperature);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([['c1', { instructions: '', temperature: null }]]);
  });

  it('says what is wrong with a temperature out of bounds and saves nothing', async () => {
    const { user, dialog, temperature, saved } = await openSettings({});
    await user.type(temperature, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(/Use a temperature from 0 to 2/)).toBeTruthy();
    expect(saved).toEqual([]);
    expect(temperature.value).toBe('5');
  });
});
