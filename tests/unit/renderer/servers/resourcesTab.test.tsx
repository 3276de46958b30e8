import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Handlers } from '../../../../electron/core/bridge/router';
import { ToolCallCard } from '../../../../renderer/src/chat/messages/ToolCallCard';
import { ResourcesTab } from '../../../../renderer/src/servers/detail/ResourcesTab';
import { connectTo, renderWith } from '../../../support/rendererHarness';
import { statusOf, stdioEntry } from './serverFixtures';

afterEach(cleanup);

const capabilities = {
  tools: true,
  resources: true,
  prompts: false,
  logging: false,
  completions: false,
  resourceSubscribe: true,
};
const status = statusOf('docs', { state: 'ready', capabilities });
const PNG = 'iVBORw0KGgo=';

function harness(overrides: Partial<Handlers> = {}) {
  let reads = 0;
  const connection = connectTo({
    'servers:offerings': () => ({
      prompts: [],
      resources: [
        { server: 'docs', uri: 'docs://readme', name: 'readme', mimeType: 'text/plain' },
        { server: 'docs', uri: 'docs://logo', name: 'logo', mimeType: 'image/png' },
        { server: 'docs', uri: 'docs://archive', name: 'archive' },
        { server: 'other', uri: 'other://x', name: 'not this one' },
      ],
      resourceTemplates: [{ server: 'docs', uriTemplate: 'docs://pages/{page}', name: 'page' }],
    }),
    'servers:list': () => [stdioEntry('docs', { state: 'ready', capabilities })],
    'resources:read': (ref) => {
      reads++;
      if (ref.uri === 'docs://logo')
        return { contents: [{ uri: ref.uri, mimeType: 'image/png', blob: PNG, size: 8 }] };
      if (ref.uri === 'docs://archive')
        return { contents: [{ uri: ref.uri, mimeType: 'application/zip', size: 20_480 }] };
      return { contents: [{ uri: ref.uri, text: `${ref.uri} read ${reads}`, size: 10 }] };
    },
    'resources:subscribe': () => true,
    'resources:unsubscribe': () => true,
    ...overrides,
  });
  return connection;
}

describe('the resources of a server', () => {
  it('lists only its own resources and templates, and previews text, images and binaries', async () => {
    const user = userEvent.setup();
    renderWith(<ResourcesTab server="docs" status={status} />, harness());
    const list = await screen.findByRole('list', { name: 'Resources of the server' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['readme', 'logo', 'archive', 'page (template)']);
    await user.click(within(list).getByRole('button', { name: 'readme' }));
    expect(
      (await screen.findByRole('region', { name: 'Preview of docs://readme' })).textContent,
    ).toContain('docs://readme read');
    await user.click(within(list).getByRole('button', { name: 'logo' }));
    const image = await screen.findByRole('img', { name: 'Image resource (image/png)' });
    expect(image.getAttribute('src')).toBe(`data:image/png;base64,${PNG}`);
    await user.click(within(list).getByRole('button', { name: 'archive' }));
    expect(await screen.findByText('Binary, 20 KB (application/zip)')).toBeTruthy();
  });

  it('previews a template once its variables are filled in', async () => {
    const user = userEvent.setup();
    const connection = harness();
    renderWith(<ResourcesTab server="docs" status={status} />, connection);
    await user.click(await screen.findByRole('button', { name: 'page (template)' }));
    const form = screen.getByRole('form', { name: 'Fill in page' });
    await user.type(within(form).getByRole('combobox', { name: /^page/ }), 'intro');
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    expect(
      (await screen.findByRole('region', { name: 'Preview of docs://pages/intro' })).textContent,
    ).toContain('docs://pages/intro read');
  });

  it('watches a resource while asked, and reads it again when the server says it changed', async () => {
    const user = userEvent.setup();
    const connection = harness();
    renderWith(<ResourcesTab server="docs" status={status} />, connection);
    await user.click(await screen.findByRole('button', { name: 'readme' }));
    const preview = await screen.findByRole('region', { name: 'Preview of docs://readme' });
    await vi.waitFor(() => expect(preview.textContent).toContain('read 1'));
    await user.click(screen.getByRole('checkbox', { name: 'Watch for changes' }));
    await vi.waitFor(() =>
      expect(connection.calls.filter((call) => call.channel === 'resources:subscribe')).toEqual([
        { channel: 'resources:subscribe', args: [{ server: 'docs', uri: 'docs://readme' }] },
      ]),
    );
    act(() => connection.emit('resources:updated', { server: 'docs', uri: 'docs://readme' }));
    await vi.waitFor(() => expect(preview.textContent).toContain('read 2'));
    expect(within(preview).getByRole('status').textContent).toBe('Updated by the server.');
    await user.click(screen.getByRole('checkbox', { name: 'Watch for changes' }));
    await vi.waitFor(() =>
      expect(connection.calls.some((call) => call.channel === 'resources:unsubscribe')).toBe(true),
    );
  });
});

describe('a resource link in a tool result', () => {
  const card = (uri: string) => ({
    callId: 'k1',
    server: 'docs',
    tool: 'find',
    arguments: {},
    state: 'done' as const,
    message: undefined,
    durationMs: 10,
    result: {
      content: [{ type: 'resource_link', uri, name: 'The readme', mimeType: 'text/plain' }],
    },
    saved: undefined,
    progress: undefined,
  });

  it('opens a preview read through the server that returned it', async () => {
    const user = userEvent.setup();
    const connection = harness();
    renderWith(<ToolCallCard call={card('docs://readme')} />, connection);
    await user.click(screen.getByRole('button', { name: 'Open The readme' }));
    const dialog = await screen.findByRole('dialog', { name: 'The readme' });
    await vi.waitFor(() => expect(dialog.textContent).toContain('docs://readme read'));
    expect(connection.calls.some((call) => call.channel === 'links:open')).toBe(false);
  });

  it('sends an http link through the checked open-external path, never reading it', async () => {
    const user = userEvent.setup();
    const connection = harness();
    renderWith(<ToolCallCard call={card('https://example.org/readme')} />, connection);
    await user.click(screen.getByRole('button', { name: 'Open The readme in the browser' }));
    await vi.waitFor(() =>
      expect(connection.calls.find((call) => call.channel === 'links:open')?.args).toEqual([
        'https://example.org/readme',
      ]),
    );
    expect(connection.calls.some((call) => call.channel === 'resources:read')).toBe(false);
  });
});

describe('a Markdown resource', () => {
  it('is previewed rendered through the safe Markdown renderer, raw HTML left inert', async () => {
    const user = userEvent.setup();
    renderWith(
      <ResourcesTab server="docs" status={status} />,
      harness({
        'servers:offerings': () => ({
          prompts: [],
          resources: [
            { server: 'docs', uri: 'docs://guide', name: 'guide', mimeType: 'text/markdown' },
          ],
          resourceTemplates: [],
        }),
        'resources:read': (ref) => ({
          contents: [
            {
              uri: ref.uri,
              mimeType: 'text/markdown',
              text: '# Guide\n\nSome **bold** words.\n\n<img src=x onerror="alert(1)">',
              size: 60,
            },
          ],
        }),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'guide' }));
    const preview = await screen.findByRole('region', { name: 'Preview of docs://guide' });
    expect(await within(preview).findByRole('heading', { name: 'Guide' })).toBeTruthy();
    expect(within(preview).getByText('bold').tagName).toBe('STRONG');
    expect(preview.querySelector('img')).toBeNull();
    expect(preview.textContent).not.toContain('# Guide');
  });
});
