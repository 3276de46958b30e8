import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { settingsSchema } from '../../../../preload/contract';
import { ChatView } from '../../../../renderer/src/chat/ChatView';
import { formatParameters } from '../../../../renderer/src/chat/models/modelFacts';
import { renderWith } from '../../../support/rendererHarness';
import {
  connectChat,
  message,
  model,
  openConversation,
  play,
  TURN,
  withLayout,
} from './chatFixtures';

withLayout();

const withDefault = (name: string) => ({
  'settings:get': () => settingsSchema.parse({ chat: { model: name } }),
});

describe('choosing a model', () => {
  it('gives the conversation its own model, and a retry then uses it; the default stays', async () => {
    const user = userEvent.setup();
    const { harness } = await openConversation(
      [message('user', 'Hi'), message('assistant', 'Hello')],
      {
        'conversations:setOptions': (_id, patch) => ({ model: patch.model ?? 'llama3.2' }),
        'chat:resend': (id) => ({ conversationId: id, turnId: 't2' }),
      },
    );
    await user.click(await screen.findByRole('button', { name: /^Model: llama3\.2/ }));
    await user.click(screen.getByRole('option', { name: /qwen3/ }));
    await vi.waitFor(() =>
      expect(
        harness.calls.find((call) => call.channel === 'conversations:setOptions')?.args,
      ).toEqual(['c1', { model: 'qwen3' }]),
    );
    const setModelAt = harness.calls.findIndex(
      (call) => call.channel === 'conversations:setOptions',
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() =>
      expect(harness.calls.findIndex((call) => call.channel === 'chat:resend')).toBeGreaterThan(
        setModelAt,
      ),
    );
    expect(harness.calls.some((call) => call.channel === 'settings:set')).toBe(false);
  });

  it('takes a default without a tag as the installed model with :latest', async () => {
    renderWith(
      <ChatView />,
      connectChat({
        ...withDefault('llama3.2'),
        'models:list': () => [model('llama3.2:latest'), model('qwen3:8b')],
      }),
    );
    expect(await screen.findByRole('button', { name: 'Model: llama3.2' })).toBeTruthy();
    expect(screen.queryByText(/is not installed/)).toBeNull();
  });

  it('starts a new chat on the default model', async () => {
    renderWith(<ChatView />, connectChat(withDefault('qwen3')));
    expect(await screen.findByRole('button', { name: /^Model: qwen3$/ })).toBeTruthy();
  });

  it('says when the default model is not installed, and offers the installed ones', async () => {
    const user = userEvent.setup();
    renderWith(<ChatView />, connectChat(withDefault('mistral')));
    const picker = await screen.findByRole('button', { name: 'Model: mistral (not installed)' });
    expect(screen.getByText(/default model, mistral, is not installed/)).toBeTruthy();
    await user.click(picker);
    const names = within(screen.getByRole('listbox', { name: 'Models' }))
      .getAllByRole('option')
      .map((option) => option.querySelector('.model-name')?.textContent);
    expect(names).toEqual(['llama3.2', 'qwen3']);
    await user.click(screen.getByRole('option', { name: /qwen3/ }));
    expect(screen.getByRole('button', { name: /^Model: qwen3/ })).toBeTruthy();
    expect(screen.queryByText(/is not installed/)).toBeNull();
  });

  it('does not offer an embedding-only model for chat', async () => {
    const user = userEvent.setup();
    renderWith(
      <ChatView />,
      connectChat({
        'models:list': () => [model('llama3.2'), model('all-minilm')],
        'models:capabilities': (name) => ({
          tools: name === 'llama3.2',
          thinking: false,
          vision: false,
          contextLength: 8_192,
          ...(name === 'all-minilm' ? { embedding: true } : {}),
        }),
      }),
    );
    await user.click(await screen.findByRole('button', { name: /^Model: llama3\.2/ }));
    const list = screen.getByRole('listbox', { name: 'Models' });
    await vi.waitFor(() =>
      expect(within(list).queryByRole('option', { name: /all-minilm/ })).toBeNull(),
    );
    expect(within(list).getAllByRole('option')).toHaveLength(1);
  });

  it('never starts a chat on an embedding model when no default is set', async () => {
    renderWith(
      <ChatView />,
      connectChat({
        'models:list': () => [model('all-minilm'), model('llama3.2')],
        'models:capabilities': (name) => ({
          tools: name === 'llama3.2',
          thinking: false,
          vision: false,
          contextLength: 8_192,
          ...(name === 'all-minilm' ? { embedding: true } : {}),
        }),
      }),
    );
    expect(await screen.findByRole('button', { name: /^Model: llama3\.2/ })).toBeTruthy();
  });

  it('shows parameters, quantisation, disk size and context length for each model', async () => {
    const user = userEvent.setup();
    renderWith(
      <ChatView />,
      connectChat({
        'models:list': () => [
          {
            ...model('gemma3:1b'),
            parameterSize: '999.89M',
            quantization: 'Q4_K_M',
            size: 815_000_000,
          },
        ],
        'models:capabilities': () => ({
          tools: false,
          thinking: false,
          vision: false,
          contextLength: 32_768,
        }),
      }),
    );
    await user.click(await screen.findByRole('button', { name: /^Model: gemma3:1b/ }));
    const option = screen.getByRole('option', { name: /gemma3:1b/ });
    await vi.waitFor(() =>
      expect(option.textContent).toContain('1B parameters · Q4_K_M · 815 MB · 32K context'),
    );
    expect(option.textContent).not.toContain('999.89M');
  });

  it('drops a banner about one model when another is chosen', async () => {
    const user = userEvent.setup();
    const { harness } = await openConversation([message('user', 'Hi')], {
      'conversations:setOptions': (_id, patch) => ({ model: patch.model ?? 'llama3.2' }),
    });
    play(harness, 'chat:status', {
      ...TURN,
      state: 'failed',
      message: 'The model “llama3.2” is not installed.',
      problem: 'model-not-found',
    });
    expect(screen.getByRole('button', { name: 'Pull llama3.2' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Model: llama3\.2/ }));
    await user.click(screen.getByRole('option', { name: /qwen3/ }));
    expect(screen.queryByRole('button', { name: /^Pull qwen3/ })).toBeNull();
    expect(screen.queryByText(/is not installed/)).toBeNull();
  });

  it('drops a notice about the model switched from', async () => {
    const user = userEvent.setup();
    const { harness } = await openConversation([message('user', 'Hi')], {
      'conversations:setOptions': (_id, patch) => ({ model: patch.model ?? 'llama3.2' }),
    });
    play(harness, 'chat:status', {
      ...TURN,
      state: 'done',
      message: '“llama3.2” cannot use tools, so this reply is written without them.',
    });
    expect(screen.getByRole('note').textContent).toContain('cannot use tools');
    await user.click(screen.getByRole('button', { name: /^Model: llama3\.2/ }));
    await user.click(screen.getByRole('option', { name: /qwen3/ }));
    expect(screen.queryByText(/cannot use tools/)).toBeNull();
  });
});

describe('parameter counts', () => {
  it.each([
    [undefined, '999.89M', '1B'],
    [undefined, '3.21B', '3.2B'],
    [undefined, '135M', '135M'],
    [undefined, '70.6B', '71B'],
    [8_030_261_248, '8.0B', '8B'],
    [undefined, 'unknown', 'unknown'],
  ])('shows %s / %s as %s', (count, reported, shown) => {
    expect(formatParameters(count, reported)).toBe(shown);
  });
});
