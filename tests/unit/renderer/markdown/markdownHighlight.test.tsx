import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from '../../../../renderer/src/markdown/Markdown';
import { connectTo, renderWith } from '../../../support/rendererHarness';

// Syntax highlighting loads after the first screen: a code block shows at once, as plain text,
// and is highlighted once the highlighter is there.
afterEach(cleanup);

describe('code blocks in a reply', () => {
  it('show their code at once and are highlighted when the highlighter has loaded', async () => {
    const { container } = renderWith(
      <Markdown text={'Here:\n\n```ts\nconst answer: number = 42;\n```'} />,
      connectTo({}),
    );
    expect(container.querySelector('pre code')?.textContent).toContain(
      'const answer: number = 42;',
    );
    await waitFor(() =>
      expect(container.querySelector('code.hljs .hljs-keyword')?.textContent).toBe('const'),
    );
  });
});
