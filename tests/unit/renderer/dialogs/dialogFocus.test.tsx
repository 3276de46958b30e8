import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from '../../../../renderer/src/ui/Dialog';

// Tab never leaves an open dialog: from its last control it goes to its first, and back.
afterEach(cleanup);

function Example() {
  return (
    <>
      <button type="button">Behind the dialog</button>
      <Dialog
        title="Allow the tool?"
        open
        onCancel={() => undefined}
        actions={
          <>
            <button type="button">Deny</button>
            <button type="button">Allow once</button>
          </>
        }
      >
        <input aria-label="Reason" />
        <details>
          <summary>About this tool</summary>
          <button type="button">Folded away</button>
        </details>
      </Dialog>
    </>
  );
}

describe('an open dialog', () => {
  it('keeps Tab and Shift+Tab inside', async () => {
    const user = userEvent.setup();
    render(<Example />);
    const first = screen.getByRole('textbox', { name: 'Reason' });
    const last = screen.getByRole('button', { name: 'Allow once' });
    last.focus();
    await user.tab();
    expect(document.activeElement).toBe(first);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(last);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Deny' }));
  });
});
