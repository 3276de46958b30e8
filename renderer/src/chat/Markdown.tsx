/**
 * The assistant's Markdown, rendered safely: no raw HTML (react-markdown shows it as text when
 * rehype-raw is absent, and it stays absent), links go through main's check via `openLink`, and
 * images are never fetched: each becomes a link named by its alt text. Hidden characters (bidi
 * overrides, zero-width spaces, terminal escapes) are shown as markers.
 */
import { memo, useEffect, useMemo, useState, type ReactNode } from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { Api } from '../../../preload/api';
import { useApi } from '../apiContext';
import { openLink } from '../links';
import { revealHidden } from './revealHidden';
import { InlineError } from '../ui/InlineError';

/** How long "Copied" shows before the button says "Copy" again. */
const COPIED_FOR_MS = 1_500;

const REMARK_PLUGINS = [remarkGfm];

type PluggableList = NonNullable<Options['rehypePlugins']>;

/**
 * Syntax highlighting (highlight.js with its common languages) is a fifth of the interface's
 * script. It loads after the first screen, so the app is usable sooner; code blocks show plain
 * until it is there (bench: start.url_to_interactive_ms).
 */
let rehypePlugins: PluggableList = [];
const highlighterLoaded = import('rehype-highlight').then((module) => {
  rehypePlugins = [module.default];
});

function useRehypePlugins(): PluggableList {
  const [plugins, setPlugins] = useState(rehypePlugins);
  useEffect(() => {
    if (plugins.length > 0) return undefined;
    let live = true;
    void highlighterLoaded.then(() => live && setPlugins(rehypePlugins));
    return () => {
      live = false;
    };
  }, [plugins]);
  return plugins;
}

interface HastNode {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const api = useApi();
  const [linkProblem, setLinkProblem] = useState<string>();
  const components = useMemo(() => markdownComponents(api, setLinkProblem), [api]);
  const rehype = useRehypePlugins();
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={REMARK_PLUGINS} rehypePlugins={rehype} components={components}>
        {revealHidden(text)}
      </ReactMarkdown>
      <InlineError message={linkProblem} />
    </div>
  );
});

function markdownComponents(api: Api, report: (problem: string | undefined) => void): Components {
  const follow = (url: string) => {
    void openLink(api, url).then(report);
  };
  return {
    a: ({ href, children }) =>
      href ? <LinkButton url={href} label={children} onFollow={follow} /> : <span>{children}</span>,
    img: ({ src, alt }) => {
      const label = alt ? `Image: ${alt}` : 'Image';
      return typeof src === 'string' && src ? (
        <LinkButton url={src} label={label} onFollow={follow} />
      ) : (
        <span>{label}</span>
      );
    },
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
}

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
      <pre>{children}</pre>
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
