import { cleanup, fireEvent, getDefaultNormalizer, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChatView } from '../../../../renderer/src/chat/ChatView';
import { renderWith, testNavigation } from '../../../support/rendererHarness';
import {
  connectChat,
  message,
  model,
  openConversation,
  play,
  toolCallEvent,
  TURN,
  withLayout,
} from './chatFixtures';

const layout = withLayout();
const turn = TURN;

describe('tool call cards', () => {
  const call = {
    id: 'call-1',
    server: 'files',
    tool: 'read_file',
    modelName: 'files_read_file',
    arguments: { path: '/tmp/notes.txt' },
  };

  async function withCall() {
    const opened = await openConversation([message('user', 'Read my notes')]);
    play(opened.harness, 'chat:status', { ...turn, state: 'thinking' });
    play(opened.harness, 'chat:message', {
      ...turn,
      message: message('assistant', '', { toolCalls: [call] }),
    });
    play(opened.harness, 'chat:status', { ...turn, state: 'running-tools' });
    return opened;
  }

  it('follows a call from approval through progress to its result', async () => {
    const { harness } = await withCall();
    const card = screen.getByRole('article', { name: 'Tool call files › read_file' });
    expect(within(card).getByText('Queued')).toBeTruthy();
    expect(within(card).getByText(/"path": "\/tmp\/notes.txt"/)).toBeTruthy();
    play(harness, 'chat:toolCall', toolCallEvent({ state: 'waiting-approval' }));
    expect(within(card).getByText('Waiting for approval')).toBeTruthy();
    play(harness, 'chat:toolCall', toolCallEvent({ state: 'running' }));
    play(harness, 'tools:progress', {
      callId: 'call-1',
      progress: 2,
      total: 4,
      message: 'Reading',
    });
    const bar = within(card).getByRole('progressbar', { name: 'Progress of read_file' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    play(harness, 'chat:toolCall', {
      ...toolCallEvent({ state: 'done', durationMs: 1_420 }),
      result: { content: [{ type: 'text', text: 'buy milk' }] },
    });
    play(harness, 'chat:message', {
      ...turn,
      message: message('tool', 'buy milk', { toolCallId: 'call-1' }),
    });
    expect(within(card).getByText('Done')).toBeTruthy();
    expect(within(card).getByText('1.4 s')).toBeTruthy();
    expect(within(card).getByText('buy milk')).toBeTruthy();
    expect(within(card).queryByRole('progressbar')).toBeNull();
    // The tool message belongs to the card, not to a bubble of its own.
    expect(screen.getAllByText('buy milk')).toHaveLength(1);
  });

  it('shows images as data: URLs, structured content as JSON, and long output collapsed', async () => {
    const user = userEvent.setup();
    const { harness } = await withCall();
    const long = Array.from({ length: 30 }, (_, index) => `line ${index + 1}`).join('\n');
    play(harness, 'chat:toolCall', {
      ...toolCallEvent({ state: 'done' }),
      result: {
        content: [
          { type: 'text', text: long },
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        ],
        structuredContent: { lines: 30 },
      },
    });
    const card = screen.getByRole('article', { name: 'Tool call files › read_file' });
    const image = within(card).getByRole('img');
    expect(image.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    const exact = { normalizer: getDefaultNormalizer({ trim: false, collapseWhitespace: false }) };
    expect(within(card).getByText('{\n  "lines": 30\n}', exact).tagName).toBe('PRE');
    expect(within(card).queryByText(/line 30/)).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Show all (30 lines)' }));
    expect(within(card).getByText(/line 30/)).toBeTruthy();
  });

  it('says the turn waits for the user, not that tools run, while an approval is open', async () => {
    const { harness } = await withCall();
    expect(screen.getByRole('status').textContent).toContain('Running tools…');
    play(harness, 'chat:toolCall', toolCallEvent({ state: 'waiting-approval' }));
    expect(screen.getByRole('status').textContent).toContain('Waiting for your approval');
    play(harness, 'chat:toolCall', toolCallEvent({ state: 'waiting-password' }));
    expect(screen.getByRole('status').textContent).toContain('Waiting for your password');
    play(harness, 'chat:toolCall', toolCallEvent({ state: 'running' }));
    expect(screen.getByRole('status').textContent).toContain('Running tools…');
  });

  it('shows the user their own words on a denied call read from history, not the text for the model', async () => {
    await openConversation([
      message('user', 'Read my notes'),
      message('assistant', '', { toolCalls: [{ ...call, outcome: 'denied' }] }),
      message(
        'tool',
        'The user denied this call: not my notes Do not repeat it; continue without it.',
        { toolCallId: 'call-1', toolName: 'files_read_file' },
      ),
      message('assistant', 'Understood.'),
    ]);
    const card = screen.getByRole('article', { name: 'Tool call files › read_file' });
    expect(within(card).getByText('You denied this call: “not my notes”')).toBeTruthy();
    expect(within(card).queryByText(/Do not repeat it/)).toBeNull();
  });

  it.each([
    ['waiting-password', 'Waiting for password'],
    ['failed', 'Failed'],
    ['denied', 'Denied'],
    ['cancelled', 'Cancelled'],
    ['invalid', 'Invalid'],
  ] as const)('labels a %s call', async (state, label) => {
    const { harness } = await withCall();
    play(harness, 'chat:toolCall', toolCallEvent({ state, message: `Reason for ${state}` }));
    const card = screen.getByRole('article', { name: 'Tool call files › read_file' });
    expect(within(card).getByText(label)).toBeTruthy();
    expect(within(card).getByText(`Reason for ${state}`)).toBeTruthy();
  });
});

describe('failures and notices', () => {
  it('offers Check again and Settings when Ollama is not running', async () => {
    const user = userEvent.setup();
    let up = false;
    const { harness, navigation } = await openConversation(
      [message('user', 'a'), message('assistant', 'b')],
      {
        'ollama:status': () =>
          up
            ? { ok: true, host: 'http://127.0.0.1:11434', version: '0.12.0' }
            : { ok: false, host: 'http://127.0.0.1:11434', message: 'nothing answers there' },
      },
    );
    play(harness, 'chat:status', {
      ...turn,
      state: 'failed',
      message: 'Ollama is not reachable at http://127.0.0.1:11434.',
      problem: 'not-running',
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Ollama is not reachable at');
    await user.click(within(alert).getByRole('button', { name: 'Open Settings' }));
    expect(navigation.visits).toEqual(['settings']);
    await user.click(within(alert).getByRole('button', { name: 'Check again' }));
    expect(await within(alert).findByText('Ollama still does not answer.')).toBeTruthy();
    up = true;
    await user.click(within(alert).getByRole('button', { name: 'Check again' }));
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('sends the user to the address in Settings when something else answers there', async () => {
    const user = userEvent.setup();
    const { harness, navigation } = await openConversation([message('user', 'a')]);
    play(harness, 'chat:status', {
      ...turn,
      state: 'failed',
      message: 'Something answers at http://127.0.0.1:8080, but it is not Ollama.',
      problem: 'not-ollama',
    });
    const alert = screen.getByRole('alert');
    expect(within(alert).queryByRole('button', { name: /^Pull/ })).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Open Settings' }));
    expect(navigation.visits).toEqual(['settings']);
  });

  it('says under a reply cut at the length limit that it is incomplete, with Retry', async () => {
    const user = userEvent.setup();
    const { harness } = await openConversation([
      message('user', 'a'),
      message('assistant', 'Once upon a'),
    ]);
    play(harness, 'chat:status', {
      ...turn,
      state: 'done',
      message: 'The reply was cut off: the model reached the most it may write at once.',
      problem: 'reply-cut',
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The reply was cut off');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() =>
      expect(harness.calls.some((call) => call.channel === 'chat:resend')).toBe(true),
    );
  });

  it('says again, on reopening, what the last turn’s end said: a cut reply with Retry, a failure', async () => {
    const user = userEvent.setup();
    const cut = 'The reply was cut off: the model reached the most it may write at once.';
    const { harness } = await openConversation([
      message('user', 'a'),
      message('assistant', 'Once upon a', {
        ending: { state: 'done', message: cut, problem: 'reply-cut' },
      }),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(cut);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() =>
      expect(harness.calls.some((call) => call.channel === 'chat:resend')).toBe(true),
    );
    cleanup();

    await openConversation([
      message('user', 'b', {
        ending: { state: 'failed', message: 'Ollama is busy; try again in a moment.' },
      }),
    ]);
    expect((await screen.findByRole('alert')).textContent).toContain('Ollama is busy');
    cleanup();

    await openConversation([
      message('user', 'c'),
      message('assistant', 'Stopped after 10 rounds.', {
        ending: { state: 'done', message: 'Hearth stopped after 10 rounds of tool calls.' },
      }),
    ]);
    expect((await screen.findByRole('note')).textContent).toBe(
      'Hearth stopped after 10 rounds of tool calls.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says nothing on reopening when a later turn came after the one that was cut', async () => {
    await openConversation([
      message('user', 'a'),
      message('assistant', 'Once upon a', {
        ending: { state: 'done', message: 'The reply was cut off.', problem: 'reply-cut' },
      }),
      message('user', 'go on'),
      message('assistant', 'a time, the end.'),
    ]);
    await screen.findByText('a time, the end.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('offers to pull a missing model and shows the pull as it goes, with Cancel', async () => {
    const user = userEvent.setup();
    const { harness } = await openConversation([message('user', 'a')], {
      'models:pull': () => true,
      'models:cancelPull': () => true,
    });
    play(harness, 'chat:status', {
      ...turn,
      state: 'failed',
      message: 'The model “llama3.2” is not installed.',
      problem: 'model-not-found',
    });
    await user.click(screen.getByRole('button', { name: 'Pull llama3.2' }));
    await vi.waitFor(() =>
      expect(harness.calls.find((call) => call.channel === 'models:pull')?.args).toEqual([
        'llama3.2',
      ]),
    );
    play(harness, 'models:pullProgress', {
      model: 'llama3.2',
      status: 'pulling manifest',
      completed: 25,
      total: 100,
      done: false,
    });
    // The same download view as Settings': its words, its bar and Cancel.
    const bar = screen.getByRole('progressbar', { name: 'Downloading llama3.2' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(
      screen.getByText('Getting ready to download llama3.2… · 25 bytes of 100 bytes'),
    ).toBeTruthy();
    play(harness, 'models:pullProgress', {
      model: 'llama3.2',
      status: 'pulling 7da4586fade3',
      completed: 1_000_000_000,
      total: 2_000_000_000,
      done: false,
    });
    expect(screen.getByText('Downloading llama3.2 · 1.0 GB of 2.0 GB')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel downloading llama3.2' }));
    await vi.waitFor(() =>
      expect(harness.calls.find((call) => call.channel === 'models:cancelPull')?.args).toEqual([
        'llama3.2',
      ]),
    );
    play(harness, 'models:pullProgress', {
      model: 'llama3.2',
      status: 'cancelled',
      done: true,
      error: 'The download was cancelled.',
    });
    expect(screen.getByText(/Download of llama3\.2 cancelled/)).toBeTruthy();
  });

  it('shows a notice on a status that did not fail as an info line', async () => {
    const { harness } = await openConversation([message('user', 'a')]);
    play(harness, 'chat:status', {
      ...turn,
      state: 'thinking',
      message: '“tiny” cannot use tools, so this reply is written without them.',
    });
    expect(screen.getByRole('note').textContent).toContain('cannot use tools');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('models', () => {
  it('lists the models with their capabilities and keeps the choice to this chat', async () => {
    const user = userEvent.setup();
    const harness = connectChat();
    renderWith(<ChatView />, harness);
    await user.click(await screen.findByRole('button', { name: /^Model: llama3\.2/ }));
    const list = screen.getByRole('listbox', { name: 'Models' });
    await vi.waitFor(() =>
      expect(within(list).getByRole('option', { name: /qwen3/ }).textContent).toContain('vision'),
    );
    const qwen = within(list).getByRole('option', { name: /qwen3/ });
    expect(qwen.textContent).toContain('thinking');
    expect(qwen.textContent).toContain('tools');
    expect(
      within(list)
        .getByRole('option', { name: /llama3\.2/ })
        .getAttribute('aria-selected'),
    ).toBe('true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('button', { name: /^Model: qwen3/ })).toBeTruthy();
    // The default model in Settings is not rewritten by a choice in one chat.
    expect(harness.calls.some((call) => call.channel === 'settings:set')).toBe(false);
  });

  it('pulls a model by name and shows errors', async () => {
    const user = userEvent.setup();
    const harness = connectChat({ 'models:pull': () => true });
    renderWith(<ChatView />, harness);
    await user.click(await screen.findByRole('button', { name: 'Pull a model' }));
    await user.type(screen.getByRole('textbox', { name: 'Model name' }), 'gemma3');
    await user.click(screen.getByRole('button', { name: 'Pull' }));
    await vi.waitFor(() =>
      expect(harness.calls.find((call) => call.channel === 'models:pull')?.args).toEqual([
        'gemma3',
      ]),
    );
    play(harness, 'models:pullProgress', {
      model: 'gemma3',
      status: 'failed',
      done: true,
      error: 'file does not exist',
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not download gemma3: file does not exist',
    );
  });
});

describe('empty states', () => {
  it('says Ollama is not reachable and checks again', async () => {
    const user = userEvent.setup();
    const harness = connectChat({
      'ollama:status': () => ({
        ok: false,
        host: 'http://127.0.0.1:11434',
        message: 'nothing answers there',
      }),
    });
    const navigation = testNavigation();
    renderWith(<ChatView />, harness, navigation);
    expect(await screen.findByRole('heading', { name: 'Ollama is not reachable' })).toBeTruthy();
    expect(screen.getByText('nothing answers there')).toBeTruthy();
    const before = harness.calls.filter((call) => call.channel === 'ollama:status').length;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await vi.waitFor(() =>
      expect(harness.calls.filter((call) => call.channel === 'ollama:status').length).toBe(
        before + 1,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Open Settings' }));
    expect(navigation.visits).toEqual(['settings']);
  });

  it('suggests pulling a model when Ollama has none, and lists it once pulled', async () => {
    const user = userEvent.setup();
    let installed: ReturnType<typeof model>[] = [];
    const harness = connectChat({ 'models:list': () => installed, 'models:pull': () => true });
    renderWith(<ChatView />, harness);
    expect(await screen.findByRole('heading', { name: 'No models yet' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Model name' }) as HTMLInputElement).value).toBe(
      'llama3.2',
    );
    await user.click(screen.getByRole('button', { name: 'Pull' }));
    installed = [model('llama3.2')];
    play(harness, 'models:pullProgress', { model: 'llama3.2', status: 'success', done: true });
    expect(await screen.findByRole('button', { name: /^Model: llama3\.2/ })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Start a conversation' })).toBeTruthy();
  });

  it('welcomes a new chat and points to Servers', async () => {
    const user = userEvent.setup();
    const navigation = testNavigation();
    renderWith(<ChatView />, connectChat(), navigation);
    const welcome = await screen.findByRole('heading', { name: 'Start a conversation' });
    expect(welcome.parentElement?.textContent).toContain('built-in tools are ready');
    await user.click(screen.getByRole('button', { name: 'Open Servers' }));
    expect(navigation.visits).toEqual(['servers:']);
  });
});

describe('long conversations', () => {
  it('renders only the rows near the viewport of a 1,000-message conversation', async () => {
    layout.relayout({ viewport: 600, row: 100 });
    const messages = Array.from({ length: 1_000 }, (_, index) =>
      message(index % 2 ? 'assistant' : 'user', `Message number ${index}`),
    );
    await openConversation(messages);
    const rendered = screen.getAllByRole('article').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(40);
  });

  it('follows the bottom while a reply streams, until the user scrolls up', async () => {
    const height = vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockReturnValue(5_000);
    try {
      const { harness } = await openConversation([message('user', 'a'), message('assistant', 'b')]);
      const log = screen.getByRole('log', { name: 'Messages' });
      play(harness, 'chat:delta', { ...turn, content: 'Streaming' });
      expect(log.scrollTop).toBe(5_000);
      log.scrollTop = 100;
      fireEvent.scroll(log);
      play(harness, 'chat:delta', { ...turn, content: ' on and on' });
      expect(log.scrollTop).toBe(100);
      expect(screen.getByText('Streaming on and on')).toBeTruthy();
    } finally {
      height.mockRestore();
    }
  });
});

describe('a long tool result read from history', () => {
  const call = {
    id: 'call-7',
    server: 'files',
    tool: 'read_file',
    modelName: 'files_read_file',
    arguments: { path: '/var/log/big.log' },
  };
  const whole = Array.from({ length: 2_000 }, (_, index) => `log line ${index}`).join('\n');

  it('shows its first lines, then reads the whole when asked', async () => {
    const reads: number[] = [];
    const assistant = message('assistant', '', { toolCalls: [call] });
    const result = message('tool', whole.slice(0, 4_000), {
      toolCallId: 'call-7',
      toolName: 'files_read_file',
      fullLength: whole.length,
    });
    await openConversation([message('user', 'Read the log'), assistant, result], {
      'conversations:messageContent': (conversationId, messageId, offset, length) => {
        expect(conversationId).toBe('c1');
        expect(messageId).toBe(result.id);
        reads.push(offset);
        // Small pages, so the card has to read more than one.
        const size = Math.min(length, 10_000);
        return { text: whole.slice(offset, offset + size), total: whole.length };
      },
    });
    const card = screen.getByRole('article', { name: 'Tool call files › read_file' });
    expect(within(card).getByText(/log line 0/)).toBeTruthy();
    expect(within(card).queryByText(/log line 1999/)).toBeNull();
    const more = within(card).getByRole('button', {
      name: `Show all (${whole.length.toLocaleString('en')} characters)`,
    });
    await userEvent.click(more);
    expect(await within(card).findByText(/log line 1999/)).toBeTruthy();
    expect(reads.length).toBeGreaterThan(1);
    expect(within(card).getByRole('button', { name: 'Show less' })).toBeTruthy();
  });

  it('says so when the rest cannot be read', async () => {
    const assistant = message('assistant', '', { toolCalls: [call] });
    const result = message('tool', whole.slice(0, 4_000), {
      toolCallId: 'call-7',
      toolName: 'files_read_file',
      fullLength: whole.length,
    });
    await openConversation([message('user', 'Read the log'), assistant, result], {
      'conversations:messageContent': () => null,
    });
    const card = screen.getByRole('article', { name: 'Tool call files › read_file' });
    await userEvent.click(within(card).getByRole('button', { name: /Show all/ }));
    expect((await within(card).findByRole('alert')).textContent).toMatch(
      /could not be read: This result is no longer in the conversation/,
    );
  });
});

describe('the tools offered in a turn with tool calls', () => {
  it('are listed once, under the turn’s last reply', async () => {
    const facts = {
      tools: [
        {
          server: 'files',
          tool: 'read_file',
          modelName: 'files_read_file',
          reason: 'relevant' as const,
        },
      ],
      toolsAvailable: 12,
      numCtx: 8_192,
      droppedMessages: 0,
    };
    const call = {
      id: 'call-9',
      server: 'files',
      tool: 'read_file',
      modelName: 'files_read_file',
      arguments: { path: '/tmp/a' },
    };
    await openConversation([
      message('user', 'Read it'),
      message('assistant', '', { toolCalls: [call], request: facts }),
      message('tool', 'contents', { toolCallId: 'call-9', toolName: 'files_read_file' }),
      message('assistant', 'It says contents.', { request: facts }),
      message('user', 'Thanks'),
      message('assistant', 'You are welcome.', { request: facts }),
    ]);
    // One per turn: two turns, two lists, not three.
    expect(screen.getAllByText('1 of 12 tools offered')).toHaveLength(2);
  });
});
