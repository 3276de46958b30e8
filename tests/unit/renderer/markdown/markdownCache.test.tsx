import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown, renderMarkdown } from '../../../../renderer/src/markdown/Markdown';
import { BoundedCache } from '../../../../renderer/src/markdown/boundedCache';
import { connectTo, renderWith } from '../../../support/rendererHarness';

// Rendered messages are kept by their text, so a message scrolled back into view is not parsed
// and highlighted again (bench: history.scroll_frame_ms).
afterEach(cleanup);

describe('rendered Markdown kept by text', () => {
  it('gives the same elements for the same text and new ones when the text changes', () => {
    const first = renderMarkdown('Some **bold** words');
    expect(renderMarkdown('Some **bold** words')).toBe(first);
    const changed = renderMarkdown('Some **bolder** words');
    expect(changed).not.toBe(first);
    expect(renderToStaticMarkup(<>{changed}</>)).toContain('<strong>bolder</strong>');
  });

  it('renders a kept text highlighted once the highlighter has loaded', async () => {
    const text = 'Run:\n\n```js\nlet kept = 1;\n```';
    // Rendered (and kept) before highlighting can have loaded.
    renderMarkdown(text, []);
    const { container } = renderWith(<Markdown text={text} />, connectTo({}));
    await waitFor(() =>
      expect(container.querySelector('code.hljs .hljs-keyword')?.textContent).toBe('let'),
    );
  });

  it('reports a refused link under the message it was clicked in, when two show the same text', async () => {
    const user = userEvent.setup();
    const harness = connectTo({
      'links:open': () => ({ outcome: 'refused', reason: 'Hearth opens only https: links.' }),
    });
    const text = 'See [odd](http://odd.example)';
    renderWith(
      <>
        <section aria-label="first">
          <Markdown text={text} />
        </section>
        <section aria-label="second">
          <Markdown text={text} />
        </section>
      </>,
      harness,
    );
    const second = screen.getByRole('region', { name: 'second' });
    await user.click(within(second).getByRole('link', { name: 'odd' }));
    expect((await within(second).findByRole('alert')).textContent).toBe(
      'Hearth opens only https: links.',
    );
    const first = screen.getByRole('region', { name: 'first' });
    expect(within(first).queryByRole('alert')).toBeNull();
  });

  it('shows hidden characters in a kept message as markers', () => {
    const { container } = render(<>{renderMarkdown('abc\u202Edef')}</>);
    expect(container.textContent).toContain('⟨U+202E⟩');
  });
});

describe('BoundedCache', () => {
  it('forgets the entry used least recently once it holds more than its limit', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('replaces the value of a key set again', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('a', 2);
    expect(cache.get('a')).toBe(2);
    expect(cache.size).toBe(1);
  });
});
