/**
 * Syntax highlighting for fenced code: highlight.js's common languages through lowlight, as
 * rehype-highlight does it (a `language-x` class names the language; `no-highlight` and unknown
 * languages stay plain; no guessing). The difference is when the languages are set up: each one
 * builds its grammar when registered, and registering all of them at once held the page for 60 to
 * 100 ms, often just as a conversation opened (bench: history.open_10k_ms). Here they are
 * registered in the page's idle periods, a few at a time; `loadHighlighter` resolves with the
 * plugin once all are, and until then code shows plain.
 */
import { toText } from 'hast-util-to-text';
import { common, createLowlight } from 'lowlight';
import { visit } from 'unist-util-visit';
import type { Element, Root } from 'hast';
import { whenIdle } from '../lib/whenIdle';

type Lowlight = ReturnType<typeof createLowlight>;

/** Registers every common language in idle time; resolves with the rehype plugin. */
export function loadHighlighter(
  idle: (work: (deadline: IdleDeadline) => void) => void = (work) =>
    void whenIdle(work, { timeoutMs: 2_000 }),
): Promise<() => (tree: Root) => void> {
  const lowlight = createLowlight();
  const pending = Object.entries(common);
  return new Promise((resolve) => {
    const slice = (deadline: IdleDeadline) => {
      // At least one language per slice, so a page that is never idle still gets there.
      do {
        const [name, grammar] = pending.shift() as [string, (typeof common)[string]];
        lowlight.register(name, grammar);
      } while (pending.length > 0 && deadline.timeRemaining() > 1);
      if (pending.length > 0) idle(slice);
      else resolve(() => (tree: Root) => highlightCode(lowlight, tree));
    };
    idle(slice);
  });
}

function highlightCode(lowlight: Lowlight, tree: Root): void {
  visit(tree, 'element', (node, _index, parent) => {
    if (node.tagName !== 'code' || parent?.type !== 'element' || parent.tagName !== 'pre') return;
    const language = languageOf(node);
    if (!language || !lowlight.registered(language)) return;
    const classes = Array.isArray(node.properties.className) ? node.properties.className : [];
    node.properties.className = classes.includes('hljs') ? classes : ['hljs', ...classes];
    const result = lowlight.highlight(language, toText(node, { whitespace: 'pre' }));
    if (result.children.length > 0) node.children = result.children as Element['children'];
  });
}

/** The language a `language-x` (or `lang-x`) class names; none for `no-highlight`. */
function languageOf(node: Element): string | undefined {
  const classes = Array.isArray(node.properties.className) ? node.properties.className : [];
  let language: string | undefined;
  for (const value of classes.map(String)) {
    if (value === 'no-highlight' || value === 'nohighlight') return undefined;
    if (!language && value.startsWith('lang-')) language = value.slice(5);
    if (!language && value.startsWith('language-')) language = value.slice(9);
  }
  return language;
}
