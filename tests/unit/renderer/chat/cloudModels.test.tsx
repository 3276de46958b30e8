import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { settingsSchema } from '../../../../preload/contract';
import { ChatView } from '../../../../renderer/src/chat/ChatView';
import { renderWith } from '../../../support/rendererHarness';
import { connectChat, model, openConversation, play, TURN, withLayout } from './chatFixtures';

withLayout();

// Ollama lists cloud models (remote_host in /api/tags) beside local ones.
const models = () => [model('llama3.2'), { ...model('gpt-oss:120b-cloud'), remote: true }];

describe('cloud models in the model picker', () => {
  it('marks a cloud model: it runs on ollama.com and messages leave this computer', async () => {
    const user = userEvent.setup();
    renderWith(<ChatView />, connectChat({ 'models:list': models }));
    await user.click(await screen.findByRole('button', { name: /^Model: llama3\.2/ }));
    const cloud = screen.getByRole('option', { name: /gpt-oss:120b-cloud/ });
    expect(within(cloud).getByText('cloud')).toBeTruthy();
    expect(cloud.textContent).toContain(
      'runs on ollama.com: your messages and tool results leave this computer',
    );
    const local = screen.getByRole('option', { name: /llama3\.2/ });
    expect(within(local).queryByText('cloud')).toBeNull();
  });

  it('leaves cloud models out when Settings says to hide them', async () => {
    const user = userEvent.setup();
    renderWith(
      <ChatView />,
      connectChat({
        'models:list': models,
        'settings:get': () =>
          settingsSchema.parse({ chat: { model: 'llama3.2' }, ollama: { hideCloudModels: true } }),
      }),
    );
    await user.click(await screen.findByRole('button', { name: /^Model: llama3\.2/ }));
    const list = screen.getByRole('listbox', { name: 'Models' });
    await vi.waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    expect(within(list).queryByRole('option', { name: /cloud/ })).toBeNull();
  });
});

describe('a cloud model while Ollama is not signed in', () => {
  it('offers “Sign in to Ollama”, opening ollama.com’s page through the link check', async () => {
    const user = userEvent.setup();
    const url = 'https://ollama.com/connect?name=box&key=abc';
    const { harness } = await openConversation([], {
      'links:open': () => ({ outcome: 'opened' as const }),
    });
    play(harness, 'chat:status', {
      ...TURN,
      state: 'failed',
      message: '“gpt-oss:120b-cloud” runs on ollama.com, and this Ollama is not signed in there.',
      problem: 'cloud-signin',
      link: url,
    });
    const alert = screen.getByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Sign in to Ollama' }));
    await vi.waitFor(() =>
      expect(harness.calls.find((call) => call.channel === 'links:open')?.args[0]).toBe(url),
    );
  });
});
