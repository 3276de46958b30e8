/**
 * The assistant's Markdown, rendered safely: no raw HTML (react-markdown shows it as text when
 * rehype-raw is absent, and it stays absent), links go through main's check via `openLink`, and
 * images are never fetched: each becomes a link named by its alt text. Hidden characters (bidi
 * overrides, zero-width spaces, terminal escapes) are shown as markers.
 */
import {
  createContext,
  memo,
  useCallback,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { useApi } from '../lib/apiContext';
import { openLink } from '../lib/links';
import { BoundedCache } from './boundedCache';
import { renderPlainProse } from './plainProse';
import { revealHidden } from '../lib/revealHidden';
import { InlineError } from '../ui/InlineError';

/** How long "Copied" shows before the button says "Copy" again. */
const COPIED_FOR_MS = 1_500;

const REMARK_PLUGINS = [remarkGfm];

type PluggableList = NonNullable<Options['rehypePlugins']>;

/**
 * Syntax highlighting (highlight.js with its common languages) is a fifth of the interface's
 * script. It loads after the first screen, its languages set up while the page is idle
 * (highlighter.ts), so the app is usable sooner; code blocks show plain until it is there (bench:
 * start.url_to_interactive_ms). One highlighter serves every message: a plugin set up anew on
 * each render, as react-markdown does with its options, would register every language each time,
 * and that was most of the time a message took to render while scrolling (bench:
 * history.scroll_frame_ms).
 */
let rehypePlugins: PluggableList = [];
const highlighterLoaded = import('./highlighter')
  .then((module) => module.loadHighlighter())
  .then((highlight) => {
    rehypePlugins = [highlight];
  });

/** Plugins for text with no fence that names a language: the highlighter would leave it as it is. */
const NO_PLUGINS: PluggableList = [];
/**
 * A fence with an info string, the only code the highlighter colours: looked for anywhere (fences
 * sit in list items and quotes too); a false find costs only a render.
 */
const NAMED_FENCE = /(?:`{3,}|~{3,})[ \t]*[^\s`~]/;

/**
 * The highlighter once it is there, for text with a named fence; nothing for the rest, so a
 * message without code is neither parsed again nor rendered again when the highlighter arrives
 * (a conversation's visible replies all did, often as the user scrolled: bench:
 * history.scroll_long_tasks).
 */
function useRehypePlugins(text: string): PluggableList {
  const wanted = NAMED_FENCE.test(text);
  const [plugins, setPlugins] = useState(rehypePlugins);
  useEffect(() => {
    if (!wanted || plugins.length > 0) return undefined;
    let live = true;
    void highlighterLoaded.then(() => live && setPlugins(rehypePlugins));
    return () => {
      live = false;
    };
  }, [plugins, wanted]);
  return wanted ? plugins : NO_PLUGINS;
}

interface HastNode {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** Follows a link from the message being rendered, which shows any refusal under itself. */
const FollowLink = createContext<(url: string) => void>(() => undefined);

/**
 * Messages rendered lately, by their text: a message scrolled back into view, or a row the list
 * mounts again, is not parsed and highlighted again. The elements hold nothing of one message's
 * place on screen (links report through `FollowLink`), so the same text renders the same.
 */
export const RENDERED_MARKDOWN_KEPT = 600;
const rendered = new WeakMap<PluggableList, BoundedCache<string, ReactNode>>();

/** `text` as React elements, from the cache when this text was rendered with these plugins. */
export function renderMarkdown(text: string, plugins: PluggableList = rehypePlugins): ReactNode {
  let cache = rendered.get(plugins);
  if (!cache) {
    cache = new BoundedCache(RENDERED_MARKDOWN_KEPT);
    rendered.set(plugins, cache);
  }
  let element = cache.get(text);
  if (element === undefined) {
    const shown = revealHidden(text);
    element =
      renderPlainProse(shown) ??
      // The synchronous react-markdown is a plain function of its options (no hooks).
      ReactMarkdown({
        children: shown,
        remarkPlugins: REMARK_PLUGINS,
        rehypePlugins: plugins,
        components: COMPONENTS,
      });
    cache.set(text, element);
  }
  return element;
}

export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const api = useApi();
  const [linkProblem, setLinkProblem] = useState<string>();
  const follow = useCallback((url: string) => void openLink(api, url).then(setLinkProblem), [api]);
  const rehype = useRehypePlugins(text);
  return (
    <div className="markdown">
      <FollowLink.Provider value={follow}>{renderMarkdown(text, rehype)}</FollowLink.Provider>
      <InlineError message={linkProblem} />
    </div>
  );
});

function MarkdownLink({ href, children }: { href?: string; children?: ReactNode }) {
  const follow = useContext(FollowLink);
  return href ? (
    <LinkButton url={href} label={children} onFollow={follow} />
  ) : (
    <span>{children}</span>
  );
}

function MarkdownImage({ src, alt }: { src?: unknown; alt?: string }) {
  const follow = useContext(FollowLink);
  const label = alt ? `Image: ${alt}` : 'Image';
  return typeof src === 'string' && src ? (
    <LinkButton url={src} label={label} onFollow={follow} />
  ) : (
    <span>{label}</span>
  );
}

const COMPONENTS: Components = {
  a: MarkdownLink,
  img: MarkdownImage,
  pre: ({ node, children }) => {
    const code = (node as HastNode | undefined)?.children?.find(
      (child) => child.tagName === 'code',
    );
    return (
      <CodeBlock language={languageOf(code)} code={textOf(code).replace(/\n$/, '')}>
        {children}
      </CodeBlock>
    );
  },
};

function LinkButton({
  url,
  label,
  onFollow,
}: {
  url: string;
  label: ReactNode;
  onFollow(url: string): void;
}) {
  return (
    <a
      href={url}
      title={url}
      rel="noreferrer noopener"
      onClick={(event) => {
        event.preventDefault();
        onFollow(url);
      }}
    >
      {label}
    </a>
  );
}

/** A fenced block: its language, a Copy button, and the highlighted code. */
export function CodeBlock({
  language,
  code,
  children,
}: {
  language: string | undefined;
  code: string;
  children: ReactNode;
}) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (copy === 'idle') return undefined;
    const timer = setTimeout(() => setCopy('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copy]);
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <div className="code-block">
      <div className="code-block-header">
        <span className="code-language">{language ?? 'text'}</span>
        <button type="button" className="button small" onClick={() => void onCopy()}>
          {copy === 'copied' ? 'Copied' : copy === 'failed' ? 'Copy failed' : 'Copy'}
        </button>
      </div>
      {/* Focusable, so a long line that scrolls sideways can be read from the keyboard. */}
      <pre tabIndex={0}>{children}</pre>
    </div>
  );
}

function languageOf(code: HastNode | undefined): string | undefined {
  const className = code?.properties?.className;
  const classes = Array.isArray(className) ? className : [];
  for (const name of classes) {
    if (typeof name === 'string' && name.startsWith('language-')) return name.slice(9);
  }
  return undefined;
}

function textOf(node: HastNode | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}
