import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { builtin, renderServers } from './serverFixtures';

const info = (host: 'electron' | 'browser') => () => ({
  name: 'Hearth',
  version: '0.0.0-test',
  host,
  platform: 'linux',
  versions: { node: '22.0.0' },
  dataDir: '/data',
});

async function openForm(harness: ReturnType<typeof renderServers>) {
  await screen.findByRole('list', { name: 'Servers' });
  const [add] = screen.getAllByRole('button', { name: 'Add server' });
  if (add) await harness.user.click(add);
  return screen.findByRole('dialog', { name: 'Add server' });
}

afterEach(cleanup);

describe('the working folder', () => {
  it('is chosen with the system picker in the desktop app', async () => {
    const harness = renderServers([builtin], {
      'app:info': info('electron'),
      'desktop:chooseFolder': () => ({ supported: true, path: '/users/someone/projects' }),
    });
    const dialog = await openForm(harness);
    await harness.user.click(await within(dialog).findByRole('button', { name: 'Choose…' }));
    const field = within(dialog).getByRole('textbox', {
      name: 'Working folder',
    }) as HTMLInputElement;
    await expect.poll(() => field.value).toBe('/users/someone/projects');
    expect(harness.argsOf('desktop:chooseFolder')).toEqual([['Working folder of the server']]);
  });

  it('is typed in the browser host, which cannot name the host’s folders', async () => {
    const harness = renderServers([builtin], { 'app:info': info('browser') });
    const dialog = await openForm(harness);
    await within(dialog).findByRole('textbox', { name: 'Working folder' });
    expect(within(dialog).queryByRole('button', { name: 'Choose…' })).toBeNull();
  });

  it('keeps a list of folders the server may work in, saved as its roots', async () => {
    const harness = renderServers([builtin], {
      'app:info': info('browser'),
      'servers:save': (config) => ({
        config: { ...config, enabled: true },
        status: {
          name: config.name,
          state: 'stopped',
          consent: 'required',
          restarts: 0,
          toolCount: 0,
        },
      }),
    });
    const dialog = await openForm(harness);
    await harness.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'files');
    await harness.user.type(within(dialog).getByRole('textbox', { name: 'Command' }), 'npx');
    await harness.user.click(within(dialog).getByRole('button', { name: 'Add folder' }));
    await harness.user.type(
      within(dialog).getByRole('textbox', { name: 'Folder 1' }),
      '/srv/projects',
    );
    await harness.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect.poll(() => harness.argsOf('servers:save').length).toBe(1);
    expect(harness.argsOf('servers:save')[0]?.[0]).toMatchObject({
      name: 'files',
      roots: ['/srv/projects'],
    });
  });
});
