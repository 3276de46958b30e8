import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { conversation, message, openConversation } from './chatFixtures';

describe('instructions for one conversation', () => {
  it('shows the conversation’s own system prompt and saves a new one', async () => {
    const saved: [string, string][] = [];
    await openConversation([message('user', 'Hi'), message('assistant', 'Hello')], {
      'conversations:get': (id) => conversation(id, [], { systemPrompt: 'Answer in French.' }),
      'conversations:setSystemPrompt': (id, prompt) => (saved.push([id, prompt]), true),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Instructions' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Instructions for this conversation',
    });
    const field = within(dialog).getByRole('textbox', {
      name: 'System prompt',
    }) as HTMLTextAreaElement;
    expect(field.value).toBe('Answer in French.');
    await user.clear(field);
    await user.type(field, 'Answer in Dutch.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([['c1', 'Answer in Dutch.']]);
    expect(screen.queryByRole('dialog', { name: 'Instructions for this conversation' })).toBeNull();
  });
});
