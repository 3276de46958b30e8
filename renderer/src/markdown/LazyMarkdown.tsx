/**
 * The Markdown renderer, loaded after the first screen: react-markdown and its parsers are a
 * sixth of the interface's script, and a new chat shows no Markdown at all. The chunk is fetched
 * when the page is idle (or when a message first needs it); until then a message shows as plain
 * text with its hidden characters marked (bench: start.url_to_interactive_ms).
 */
import { useEffect, useState } from 'react';
import type { Markdown as MarkdownComponent } from './Markdown';
import { renderPlainProse } from './plainProse';
import { revealHidden } from '../lib/revealHidden';
import { whenIdle } from '../lib/whenIdle';

type Renderer = typeof MarkdownComponent;

let renderer: Renderer | undefined;
let loading: Promise<Renderer> | undefined;

function loadRenderer(): Promise<Renderer> {
  loading ??= import('./Markdown').then((module) => (renderer = module.Markdown));
  return loading;
}

// Fetch it once the first screen is up, so the first reply rarely waits for it.
if (typeof window !== 'undefined') whenIdle(() => void loadRenderer(), { fallbackDelayMs: 200 });

export function Markdown({ text }: { text: string }) {
  const [Loaded, setLoaded] = useState<Renderer | undefined>(() => renderer);
  useEffect(() => {
    if (Loaded) return undefined;
    let live = true;
    loadRenderer().then(
      (component) => live && setLoaded(() => component),
      // A failed chunk load leaves the plain text, which is still the whole message.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [Loaded]);
  if (Loaded) return <Loaded text={text} />;
  return <BeforeRenderer text={text} />;
}

/**
 * A message while the renderer loads. Plain prose shows as the renderer will show it, so it does
 * not move when the renderer arrives; other text shows as it is.
 */
export function BeforeRenderer({ text }: { text: string }) {
  const shown = revealHidden(text);
  const prose = renderPlainProse(shown);
  if (prose) return <div className="markdown">{prose}</div>;
  return <div className="markdown markdown-plain">{shown}</div>;
}
