import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { BundlePreview } from '../../../../../preload/schemas/bundles';
import { BundleInstallDialog } from '../../../../../renderer/src/servers/bundles/BundleInstallDialog';
import { connectTo, renderWith } from '../../../../support/rendererHarness';
import { stdioEntry } from '../serverFixtures';

// An unsigned bundle by the installed one's author: the dialog shows what changes and asks
// whether it is an update; only "yes" keeps the installed server's settings and secret.
afterEach(cleanup);

const STAGED = 'a'.repeat(32);

function preview(): BundlePreview {
  return {
    stagedId: STAGED,
    fileName: 'greeter.mcpb',
    sizeBytes: 1000,
    sha256: 'b'.repeat(64),
    manifestVersion: '0.3',
    name: 'greeter',
    displayName: 'Greeter',
    version: '1.1.0',
    description: 'Greets people.',
    author: { name: 'Hearth tests' },
    serverType: 'node',
    runsWith: 'Hearth’s own Node.js (nothing to install)',
    commandLine: {
      command: '/opt/hearth',
      args: ['‹bundle folder›/server/index.mjs'],
      kind: 'hearth-node',
    },
    tools: [],
    toolsGenerated: false,
    prompts: [],
    promptsGenerated: false,
    platforms: [],
    runtimes: {},
    privacyPolicies: [],
    userConfig: [
      {
        key: 'api_token',
        type: 'string',
        title: 'API token',
        description: 'A secret.',
        required: true,
        sensitive: true,
        multiple: false,
        secretStored: true,
      },
    ],
    signature: { status: 'unsigned' },
    installed: {
      version: '1.0.0',
      serverName: 'Greeter',
      confirm: true,
      separateServerName: 'Greeter-2',
      changes: [
        { what: 'Version', before: '1.0.0', after: '1.1.0' },
        {
          what: 'Command',
          before: 'node server/index.mjs',
          after: 'node server/index.mjs --verbose',
        },
      ],
    },
    serverName: 'Greeter',
    blockers: [],
    warnings: [],
  };
}

function setUp() {
  const installs: unknown[][] = [];
  const harness = connectTo({
    'bundles:inspect': async () => preview(),
    'bundles:install': async (...args: unknown[]) => {
      installs.push(args);
      return stdioEntry('Greeter');
    },
    'bundles:discard': async () => true,
  });
  renderWith(
    <BundleInstallDialog
      stagedId={STAGED}
      onInstalled={() => undefined}
      onClose={() => undefined}
    />,
    harness,
  );
  return { installs };
}

describe('an unsigned update in the bundle dialog', () => {
  it('shows what changes and installs nothing until the user says whether it is an update', async () => {
    const user = userEvent.setup();
    const { installs } = setUp();
    const changes = await screen.findByRole('heading', { name: 'What changes' });
    expect(changes).toBeTruthy();
    expect(screen.getByText('node server/index.mjs --verbose')).toBeTruthy();
    const question = screen.getByRole('group', { name: 'Is this an update of “Greeter”?' });
    await user.click(screen.getByRole('button', { name: 'Install' }));
    expect(
      await screen.findByText('Say whether it updates “Greeter” or installs as a separate server.'),
    ).toBeTruthy();
    expect(installs).toEqual([]);
    await user.click(within(question).getByRole('radio', { name: /^Yes, update “Greeter”/ }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(installs).toEqual([[STAGED, {}, { asUpdate: true }]]);
  });

  it('as a separate server asks for the secret again and names the new server', async () => {
    const user = userEvent.setup();
    const { installs } = setUp();
    const question = await screen.findByRole('group', { name: 'Is this an update of “Greeter”?' });
    await user.click(
      within(question).getByRole('radio', { name: /^No, install it as a separate server/ }),
    );
    expect(screen.getByText('Greeter-2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Install' }));
    expect(await screen.findByText('Fill in “API token” first.')).toBeTruthy();
    expect(installs).toEqual([]);
    await user.type(screen.getByLabelText(/API token/), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Install' }));
    expect(installs).toEqual([[STAGED, { api_token: 'new-secret' }]]);
  });
});
