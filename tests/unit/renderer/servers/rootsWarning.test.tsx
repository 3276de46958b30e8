import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { overlaps, RootsWarning } from '../../../../renderer/src/servers/RootsWarning';
import { connectTo, renderWith } from '../../../support/rendererHarness';

afterEach(cleanup);

const info = () => ({
  name: 'Hearth',
  version: '0.0.0-test',
  host: 'browser' as const,
  platform: 'linux',
  versions: { node: '22.0.0' },
  dataDir: '/example/user/.config/Hearth',
});

describe('a server whose roots reach Hearth’s data folder', () => {
  it('is told apart from one whose roots do not', () => {
    expect(overlaps('/example/user', '/example/user/.config/Hearth')).toBe(true);
    expect(overlaps('/example/user/.config/Hearth/logs', '/example/user/.config/Hearth')).toBe(
      true,
    );
    expect(overlaps('/example/user/.config/Hearth-old', '/example/user/.config/Hearth')).toBe(
      false,
    );
    expect(overlaps('/example/user/Documents', '/example/user/.config/Hearth')).toBe(false);
  });

  it('is warned about, naming the folder', async () => {
    renderWith(
      <RootsWarning roots={['/example/user/Documents', '/example/user']} />,
      connectTo({ 'app:info': info }),
    );
    const note = await screen.findByRole('note');
    expect(note.textContent).toMatch(/may work in “\/example\/user”, which holds or lies inside/);
    expect(note.textContent).toContain('/example/user/.config/Hearth');
  });

  it('says nothing when no root reaches it', async () => {
    const harness = connectTo({ 'app:info': info });
    renderWith(<RootsWarning roots={['/example/user/Documents']} />, harness);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(harness.calls.some((call) => call.channel === 'app:info')).toBe(true);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
