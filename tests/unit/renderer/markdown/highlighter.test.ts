import type { Element, Root } from 'hast';
import { describe, expect, it } from 'vitest';
import { loadHighlighter } from '../../../../renderer/src/markdown/highlighter';

/** A fenced block as react-markdown hands it to rehype: `pre > code.language-x`. */
function fence(classes: string[], code: string): Root {
  return {
    type: 'root',
    children: [
      {
        type: 'element',
        tagName: 'pre',
        properties: {},
        children: [
          {
            type: 'element',
            tagName: 'code',
            properties: { className: classes },
            children: [{ type: 'text', value: code }],
          },
        ],
      },
    ],
  };
}

function codeOf(tree: Root): Element {
  const pre = tree.children[0] as Element;
  return pre.children[0] as Element;
}

/** Idle slices run only when the test says so. */
function manualIdle() {
  const queue: ((deadline: IdleDeadline) => void)[] = [];
  // Idle periods with no time left: one language each, the most slices a page can need.
  const deadline: IdleDeadline = { didTimeout: false, timeRemaining: () => 0 };
  return {
    idle: (work: (deadline: IdleDeadline) => void) => void queue.push(work),
    drain() {
      let slices = 0;
      while (queue.length > 0) {
        (queue.shift() as (deadline: IdleDeadline) => void)(deadline);
        slices++;
      }
      return slices;
    },
  };
}

async function readyHighlighter() {
  const idle = manualIdle();
  const loading = loadHighlighter(idle.idle);
  // One language per idle period when the page is never idle for long.
  expect(idle.drain()).toBeGreaterThan(30);
  return (await loading)();
}

describe('the code highlighter', () => {
  it('sets up nothing until the page is idle, and is ready once every slice ran', async () => {
    const idle = manualIdle();
    let ready = false;
    const loading = loadHighlighter(idle.idle).then((plugin) => {
      ready = true;
      return plugin;
    });
    await Promise.resolve();
    expect(ready).toBe(false);
    idle.drain();
    const highlight = (await loading)();
    const tree = fence(['language-ts'], 'const answer: number = 42;');
    highlight(tree);
    expect(ready).toBe(true);
    expect(codeOf(tree).properties.className).toEqual(['hljs', 'language-ts']);
  });

  it('highlights a fence by its language, as rehype-highlight marks it (hljs- classes)', async () => {
    const highlight = await readyHighlighter();
    const tree = fence(['language-js'], 'const x = 1;');
    highlight(tree);
    const keyword = codeOf(tree).children.find(
      (child): child is Element => child.type === 'element',
    );
    expect(keyword?.properties.className).toEqual(['hljs-keyword']);
    expect(keyword?.children).toEqual([{ type: 'text', value: 'const' }]);
    const aliased = fence(['lang-py'], 'def f(): pass');
    highlight(aliased);
    expect(codeOf(aliased).properties.className).toContain('hljs');
  });

  it('gets there with its own idle timer where no page is left (a closed test page: no window)', async () => {
    // This file runs in Node: no window, no requestIdleCallback, as after a page is torn down.
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const highlight = (await loadHighlighter())();
    const tree = fence(['language-ts'], 'let ready = true;');
    highlight(tree);
    expect(codeOf(tree).properties.className).toEqual(['hljs', 'language-ts']);
  });

  it('leaves plain what names no language, an unknown one, or no-highlight', async () => {
    const highlight = await readyHighlighter();
    for (const classes of [[], ['language-notalanguage'], ['language-js', 'no-highlight']]) {
      const tree = fence(classes, 'const x = 1;');
      highlight(tree);
      expect(codeOf(tree).children).toEqual([{ type: 'text', value: 'const x = 1;' }]);
      expect(codeOf(tree).properties.className).toEqual(classes);
    }
  });
});
