import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfigInput, ServerEntry } from '../../../../preload/schemas/servers';
import { builtin, entryOf, renderServers } from './serverFixtures';

afterEach(cleanup);

const remote: ServerEntry = entryOf({
  name: 'linear',
  logLevel: 'warning',
  transport: {
    type: 'http',
    url: 'https://mcp.example.com/mcp',
    headers: [],
    protocol: 'auto',
    oauth: { clientId: 'hearth-desktop', scopes: 'read' },
  },
});

function render() {
  const saved: ServerConfigInput[] = [];
  const harness = renderServers(
    [builtin, remote],
    {
      'servers:save': (config) => {
        saved.push(config);
        return entryOf(config as never);
      },
    },
    { serverName: 'linear' },
  );
  return { harness, saved };
}

async function openEdit(harness: ReturnType<typeof renderServers>) {
  await screen.findByRole('heading', { name: 'linear' });
  await harness.user.click(screen.getByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog', { name: 'Edit “linear”' });
}

describe('sign-in settings and log level in the server form', () => {
  it('keeps them when the server is edited, and keeps the stored client secret', async () => {
    const { harness, saved } = render();
    const dialog = await openEdit(harness);
    expect((within(dialog).getByLabelText('Client id') as HTMLInputElement).value).toBe(
      'hearth-desktop',
    );
    expect((within(dialog).getByLabelText('Server log level') as HTMLSelectElement).value).toBe(
      'warning',
    );
    await harness.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.logLevel).toBe('warning');
    expect(saved[0]?.transport).toMatchObject({
      oauth: { clientId: 'hearth-desktop', scopes: 'read' },
    });
    expect(saved[0]?.transport).not.toHaveProperty('oauth.clientSecret');
  });

  it('sets a sign-in without a browser, which needs the client id', async () => {
    const { harness, saved } = render();
    const dialog = await openEdit(harness);
    await harness.user.selectOptions(
      within(dialog).getByLabelText('How Hearth signs in'),
      'Without a browser (client credentials)',
    );
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await harness.user.clear(within(dialog).getByLabelText('Client id'));
    await waitFor(() => expect(save.disabled).toBe(true));
    await harness.user.type(within(dialog).getByLabelText('Client id'), 'service-account');
    await waitFor(() => expect(save.disabled).toBe(false));
    await harness.user.type(
      within(dialog).getByLabelText('Private key (PEM)'),
      '-----BEGIN PRIVATE KEY-----',
    );
    await harness.user.selectOptions(within(dialog).getByLabelText('Signing algorithm'), 'ES256');
    await harness.user.click(save);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.transport).toMatchObject({
      oauth: {
        grant: 'client_credentials',
        clientId: 'service-account',
        clientPrivateKey: '-----BEGIN PRIVATE KEY-----',
        signingAlgorithm: 'ES256',
      },
    });
  });

  it('sends a typed client secret and a new log level, and checks the metadata address', async () => {
    const { harness, saved } = render();
    const dialog = await openEdit(harness);
    await harness.user.type(within(dialog).getByLabelText('Client secret'), 's3cret');
    await harness.user.selectOptions(within(dialog).getByLabelText('Server log level'), 'debug');
    const metadata = within(dialog).getByLabelText('Client metadata document');
    await harness.user.type(metadata, 'http://example.com/client.json');
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(true));
    await harness.user.clear(metadata);
    await harness.user.type(metadata, 'https://example.com/client.json');
    await waitFor(() => expect(save.disabled).toBe(false));
    await harness.user.click(save);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.logLevel).toBe('debug');
    expect(saved[0]?.transport).toMatchObject({
      oauth: {
        clientId: 'hearth-desktop',
        clientSecret: 's3cret',
        clientMetadataUrl: 'https://example.com/client.json',
      },
    });
  });
});
