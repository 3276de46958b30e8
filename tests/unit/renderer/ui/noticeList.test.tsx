import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Notice } from '../../../../preload/contract';
import { NoticeList } from '../../../../renderer/src/ui/NoticeList';
import { NavigationContext } from '../../../../renderer/src/lib/navigation';
import { testNavigation } from '../../../support/rendererHarness';

afterEach(cleanup);

const AT = '2026-01-05T10:00:00.000Z';

function show(notices: Notice[]) {
  const navigation = testNavigation();
  const dismissed: number[] = [];
  render(
    <NavigationContext.Provider value={navigation}>
      <NoticeList notices={notices} onDismiss={(id) => dismissed.push(id)} />
    </NavigationContext.Provider>,
  );
  return { navigation, dismissed };
}

describe('notices', () => {
  it('opens Settings from a notice the user answers there', async () => {
    const user = userEvent.setup();
    const { navigation } = show([
      {
        id: 1,
        level: 'warning',
        message: 'No system keyring was found.',
        at: AT,
        opens: 'settings',
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Open Settings' }));
    expect(navigation.visits).toEqual(['settings']);
  });

  it('offers only Dismiss on a notice with nothing to answer', async () => {
    const user = userEvent.setup();
    const { dismissed } = show([
      { id: 7, level: 'warning', message: 'A settings file was set aside.', at: AT },
    ]);
    expect(screen.queryByRole('button', { name: 'Open Settings' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Dismiss notice' }));
    expect(dismissed).toEqual([7]);
  });
});
