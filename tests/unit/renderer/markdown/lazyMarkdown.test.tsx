import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BeforeRenderer } from '../../../../renderer/src/markdown/LazyMarkdown';
import { Markdown } from '../../../../renderer/src/markdown/Markdown';
import { connectTo, renderWith } from '../../../support/rendererHarness';

// The Markdown renderer loads after the first screen; until then a message shows as text.
afterEach(cleanup);

describe('a message before the Markdown renderer has loaded', () => {
  it('shows plain prose as the renderer will: nothing moves when it arrives', () => {
    const text = 'First paragraph,\non two lines.\n\nSecond one \u202E.';
    const before = render(<BeforeRenderer text={text} />).container.innerHTML;
    expect(before).toBe(
      '<div class="markdown"><p>First paragraph,\non two lines.</p>\n<p>Second one ⟨U+202E⟩.</p></div>',
    );
    expect(renderWith(<Markdown text={text} />, connectTo({})).container.innerHTML).toBe(before);
  });

  it('shows other text as it is, hidden characters marked', () => {
    const { container } = render(<BeforeRenderer text={'Some **bold**\u202E'} />);
    expect(container.querySelector('.markdown-plain')?.textContent).toBe('Some **bold**⟨U+202E⟩');
  });
});
