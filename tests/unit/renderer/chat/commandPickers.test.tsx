import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChatView } from '../../../../renderer/src/chat/ChatView';
import type { Handlers } from '../../../../electron/core/bridge/router';
import type { Offerings } from '../../../../preload/schemas/servers';
import { renderWith, testNavigation } from '../../../support/rendererHarness';
import { connectChat, withLayout } from './chatFixtures';

withLayout();

const offerings: Offerings = {
  prompts: [
    { server: 'everything', name: 'simple-prompt', title: 'Simple Prompt', arguments: [] },
    {
      server: 'everything',
      name: 'completable-prompt',
      title: 'Team Management',
      description: 'First argument choice narrows values for second argument.',
      arguments: [
        { name: 'department', description: 'Choose the department.', required: true },
        { name: 'name', required: true },
      ],
    },
    {
      server: 'weather',
      name: 'forecast',
      arguments: [{ name: 'city', required: false }],
    },
  ],
  resources: [
    {
      server: 'everything',
      uri: 'demo://resource/static/document/features.md',
      name: 'features.md',
      mimeType: 'text/markdown',
    },
  ],
  resourceTemplates: [
    {
      server: 'everything',
      uriTemplate: 'demo://resource/dynamic/text/{resourceId}',
      name: 'Dynamic Text Resource',
    },
  ],
};

function ready(name: string, completions: boolean, resourceSubscribe = false) {
  return {
    config: {
      name,
      enabled: true,
      transport: { type: 'stdio' as const, command: 'node', args: [], env: [] },
      requestTimeoutMs: 60_000,
      tools: {},
      roots: [],
    },
    status: {
      name,
      state: 'ready' as const,
      consent: 'approved' as const,
      capabilities: {
        tools: true,
        resources: true,
        prompts: true,
        logging: false,
        completions,
        resourceSubscribe,
      },
      restarts: 0,
      toolCount: 0,
    },
  };
}

function setup(overrides: Partial<Handlers> = {}) {
  const user = userEvent.setup();
  const harness = connectChat({
    'servers:offerings': () => offerings,
    'servers:list': () => [ready('everything', true), ready('weather', false)],
    'prompts:complete': (request) => ({
      values:
        request.argument.name === 'department'
          ? ['Sales', 'Support'].filter((value) => value.startsWith(request.argument.value))
          : request.context?.department === 'Sales'
            ? ['David', 'Eve']
            : [],
    }),
    ...overrides,
  });
  renderWith(<ChatView />, harness, testNavigation());
  return {
    user,
    harness,
    sent: () => harness.calls.filter((call) => call.channel === 'chat:send'),
  };
}

describe('slash commands', () => {
  it('lists every server’s prompts for /, filtered by what follows, and closes on Escape', async () => {
    const { user } = setup();
    const field = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(field, '/');
    const list = await screen.findByRole('listbox', { name: 'Prompts' });
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '/simple-prompt · Simple Prompteverything',
      '/completable-prompt · Team ManagementeverythingFirst argument choice narrows values for second argument.',
      '/forecastweather',
    ]);
    await user.type(field, 'team');
    expect(
      within(screen.getByRole('listbox', { name: 'Prompts' }))
        .getAllByRole('option')
        .map((option) => option.textContent?.split(' ·')[0]),
    ).toEqual(['/completable-prompt']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox', { name: 'Prompts' })).toBeNull();
    expect((field as HTMLTextAreaElement).value).toBe('/team');
  });

  it('moves with the arrow keys, runs a prompt without arguments at once on Enter', async () => {
    const { user, sent } = setup();
    const field = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(field, '/');
    await screen.findByRole('listbox', { name: 'Prompts' });
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(
      screen.getByRole('option', { selected: true }).textContent?.startsWith('/simple-prompt'),
    ).toBe(true);
    await user.keyboard('{Enter}');
    await vi.waitFor(() =>
      expect(sent()[0]?.args).toEqual([
        {
          text: '',
          model: 'llama3.2',
          prompt: { server: 'everything', name: 'simple-prompt', arguments: {} },
          turnId: expect.any(String),
        },
      ]),
    );
    expect((field as HTMLTextAreaElement).value).toBe('');
  });

  it('asks for the arguments, marks the required ones, and suggests values from the server', async () => {
    const { user, sent, harness } = setup();
    const field = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(field, '/team');
    await user.keyboard('{Enter}');
    const form = await screen.findByRole('form', { name: 'Arguments of completable-prompt' });
    expect(within(form).getByText('department').closest('label')?.textContent).toBe(
      'department (required)',
    );
    await user.click(within(form).getByRole('button', { name: 'Run prompt' }));
    expect(within(form).getByRole('alert').textContent).toBe('Fill in department, name.');
    expect(sent()).toHaveLength(0);

    await user.type(within(form).getByRole('combobox', { name: /^department/ }), 'S');
    const suggestions = await within(form).findByRole('listbox', {
      name: 'Suggestions for department',
    });
    expect(
      within(suggestions)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sales', 'Support']);
    await user.pointer({ keys: '[MouseLeft]', target: within(suggestions).getByText('Sales') });
    expect(
      (within(form).getByRole('combobox', { name: /^department/ }) as HTMLInputElement).value,
    ).toBe('Sales');

    await user.click(within(form).getByRole('combobox', { name: /^name/ }));
    const names = await within(form).findByRole('listbox', { name: 'Suggestions for name' });
    expect(
      within(names)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['David', 'Eve']);
    // The keyboard too: arrows move through the suggestions, Enter takes one.
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const nameField = within(form).getByRole('combobox', { name: /^name/ });
    expect(nameField.getAttribute('aria-activedescendant')).toBe(within(names).getByText('Eve').id);
    await user.keyboard('{Enter}');
    expect((nameField as HTMLInputElement).value).toBe('Eve');
    expect(within(form).queryByRole('listbox', { name: 'Suggestions for name' })).toBeNull();
    expect(sent()).toHaveLength(0);
    const completion = harness.calls.findLast((call) => call.channel === 'prompts:complete');
    expect(completion?.args[0]).toEqual({
      server: 'everything',
      ref: { type: 'ref/prompt', name: 'completable-prompt' },
      argument: { name: 'name', value: '' },
      context: { department: 'Sales' },
    });
    await user.click(within(form).getByRole('button', { name: 'Run prompt' }));
    await vi.waitFor(() =>
      expect(sent()[0]?.args[0]).toMatchObject({
        prompt: {
          server: 'everything',
          name: 'completable-prompt',
          arguments: { department: 'Sales', name: 'Eve' },
        },
      }),
    );
    expect(screen.queryByRole('form', { name: /Arguments of/ })).toBeNull();
  });

  it('asks no server for suggestions when it cannot complete', async () => {
    const { user, harness } = setup();
    const field = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(field, '/forecast');
    await user.keyboard('{Enter}');
    const form = await screen.findByRole('form', { name: 'Arguments of forecast' });
    await user.type(within(form).getByRole('combobox', { name: 'city' }), 'Po');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(harness.calls.some((call) => call.channel === 'prompts:complete')).toBe(false);
  });
});

describe('@-mentions', () => {
  it('attaches a chosen resource as a chip, which can be removed, and sends the rest', async () => {
    const { user, sent } = setup();
    const field = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(field, 'Read @feat');
    const list = await screen.findByRole('listbox', { name: 'Resources' });
    expect(within(list).getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Enter}');
    const chips = screen.getByRole('list', { name: 'Attached resources' });
    expect(chips.textContent).toContain('features.md');
    expect((field as HTMLTextAreaElement).value).toBe('Read ');

    await user.click(screen.getByRole('button', { name: 'Remove features.md' }));
    expect(screen.queryByRole('list', { name: 'Attached resources' })).toBeNull();

    await user.type(field, '@');
    await screen.findByRole('listbox', { name: 'Resources' });
    await user.keyboard('{Enter}');
    await user.type(field, 'please{Enter}');
    await vi.waitFor(() =>
      expect(sent()[0]?.args[0]).toEqual({
        text: 'Read please',
        model: 'llama3.2',
        turnId: expect.any(String),
        attachments: [
          {
            server: 'everything',
            uri: 'demo://resource/static/document/features.md',
            name: 'features.md',
          },
        ],
      }),
    );
    expect(screen.queryByRole('list', { name: 'Attached resources' })).toBeNull();
  });

  it('fills a template’s variables, with the server’s suggestions, into the attached URI', async () => {
    const { user, sent, harness } = setup({
      'prompts:complete': (request) => ({ values: [request.argument.value] }),
    });
    const field = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(field, '@dynamic');
    await screen.findByRole('listbox', { name: 'Resources' });
    await user.keyboard('{Enter}');
    const form = await screen.findByRole('form', { name: 'Fill in Dynamic Text Resource' });
    await user.type(within(form).getByRole('combobox', { name: /^resourceId/ }), '4');
    await within(form).findByRole('listbox', { name: 'Suggestions for resourceId' });
    expect(
      harness.calls.findLast((call) => call.channel === 'prompts:complete')?.args[0],
    ).toMatchObject({
      ref: { type: 'ref/resource', uri: 'demo://resource/dynamic/text/{resourceId}' },
      argument: { name: 'resourceId', value: '4' },
    });
    await user.click(within(form).getByRole('button', { name: 'Attach' }));
    expect(screen.getByRole('list', { name: 'Attached resources' }).textContent).toContain(
      'Dynamic Text Resource (4)',
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() =>
      expect(sent()[0]?.args[0]).toMatchObject({
        text: '',
        attachments: [{ server: 'everything', uri: 'demo://resource/dynamic/text/4' }],
      }),
    );
  });
});

describe('watching attached resources', () => {
  it('subscribes where the server can tell, and marks the chip when it changed', async () => {
    const { user, harness } = setup({
      'servers:list': () => [ready('everything', true, true)],
      'resources:subscribe': () => true,
      'resources:unsubscribe': () => true,
    });
    const field = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(field, '@features');
    await screen.findByRole('listbox', { name: 'Resources' });
    await vi.waitFor(() =>
      expect(harness.calls.some((call) => call.channel === 'servers:list')).toBe(true),
    );
    await user.keyboard('{Enter}');
    const uri = 'demo://resource/static/document/features.md';
    await vi.waitFor(() =>
      expect(harness.calls.find((call) => call.channel === 'resources:subscribe')?.args).toEqual([
        { server: 'everything', uri },
      ]),
    );
    const chips = screen.getByRole('list', { name: 'Attached resources' });
    expect(chips.textContent).not.toContain('(changed)');
    act(() => harness.emit('resources:updated', { server: 'everything', uri: 'demo://other' }));
    expect(chips.textContent).not.toContain('(changed)');
    act(() => harness.emit('resources:updated', { server: 'everything', uri }));
    expect(chips.textContent).toContain('(changed)');
    await user.click(screen.getByRole('button', { name: 'Remove features.md' }));
    await vi.waitFor(() =>
      expect(harness.calls.find((call) => call.channel === 'resources:unsubscribe')?.args).toEqual([
        { server: 'everything', uri },
      ]),
    );
  });
});
