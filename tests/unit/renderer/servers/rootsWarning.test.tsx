import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { overlaps, RootsWarning } from '../../../../renderer/src/servers/detail/RootsWarning';
import { heldAnswer } from '../../../support/heldAnswer';
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
    const answer = heldAnswer<ReturnType<typeof info>>();
    /** The same server given, with a click, a root that reaches it (as many roots as before). */
    function Roots() {
      const [roots, setRoots] = useState(['/example/user/Documents']);
      return (
        <>
          <button onClick={() => setRoots(['/example/user'])}>Reach it</button>
          <RootsWarning roots={roots} />
        </>
      );
    }
    renderWith(<Roots />, connectTo({ 'app:info': answer.handler }));
    await answer.asked();
    await act(async () => answer.answer(info()));
    expect(screen.queryByRole('note')).toBeNull();
    // The answer had been taken in when nothing was said: the warning now needs no new question.
    fireEvent.click(screen.getByRole('button', { name: 'Reach it' }));
    expect(screen.getByRole('note').textContent).toContain('/example/user/.config/Hearth');
    expect(answer.calls).toBe(1);
  });
});
