import { describe, expect, it } from 'vitest';
import { takeOpeningView } from '../../../renderer/src/lib/navigation';
import { withView } from '../../../renderer/src/PopupApp';

// The popup in the browser host opens the main app on the view asked for, in the same tab.
describe('the view an address opens the main app on', () => {
  it('is read once and taken out of the address', () => {
    const replaced: string[] = [];
    const url = withView('/?token=abc', 'servers');
    expect(url).toBe('/?token=abc&open=servers');
    const view = takeOpeningView({ href: `http://127.0.0.1:4587${url}` }, (next) =>
      replaced.push(next),
    );
    expect(view).toBe('servers');
    expect(replaced).toEqual(['/?token=abc']);
  });

  it('is the chat when the address names no view, or one the app does not have', () => {
    const replaced: string[] = [];
    expect(
      takeOpeningView({ href: 'http://127.0.0.1:4587/?token=abc' }, (next) => replaced.push(next)),
    ).toBe('chat');
    expect(replaced).toEqual([]);
    expect(
      takeOpeningView({ href: 'http://127.0.0.1:4587/?open=elsewhere' }, (next) =>
        replaced.push(next),
      ),
    ).toBe('chat');
    expect(replaced).toEqual(['/']);
  });
});
