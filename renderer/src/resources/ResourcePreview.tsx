/**
 * A resource shown in Hearth: text as text, a raster image as the image, anything else as its
 * type and size. The dialog reads the resource from its server through main (never by opening
 * its URI), and reads it again when the server says it changed.
 */
import { useEffect, useState } from 'react';
import type { ResourceContent } from '../../../preload/schemas/content';
import { formatSize, isImageType } from '../../../preload/schemas/resourceFacts';
import { useApi } from '../lib/apiContext';
import { Markdown } from '../markdown/LazyMarkdown';
import { messageOf } from '../lib/hooks';
import { Dialog } from '../ui/Dialog';
import { revealHidden } from '../lib/revealHidden';

export function ResourceContents({ contents }: { contents: readonly ResourceContent[] }) {
  if (contents.length === 0) return <p className="muted">The resource is empty.</p>;
  return (
    <div className="resource-contents">
      {contents.map((content, index) => (
        <ContentView key={index} content={content} />
      ))}
    </div>
  );
}

/** Markdown is shown rendered, through the chat's safe renderer (no raw HTML, checked links). */
function isMarkdown(mimeType: string | undefined): boolean {
  return /^text\/(markdown|x-markdown)\b/i.test(mimeType ?? '');
}

function ContentView({ content }: { content: ResourceContent }) {
  if (content.text !== undefined) {
    return (
      <>
        {isMarkdown(content.mimeType) ? (
          <div className="resource-markdown">
            <Markdown text={content.text} />
          </div>
        ) : (
          <pre className="code resource-text">{revealHidden(content.text)}</pre>
        )}
        {content.truncated && (
          <p className="muted">Cut: the resource has {content.size.toLocaleString()} characters.</p>
        )}
      </>
    );
  }
  if (content.blob && isImageType(content.mimeType)) {
    return (
      <img
        className="resource-image"
        src={`data:${content.mimeType};base64,${content.blob}`}
        alt={`Image resource (${content.mimeType})`}
      />
    );
  }
  return (
    <p className="muted">
      Binary, {formatSize(content.size)}
      {content.mimeType ? ` (${content.mimeType})` : ''}
    </p>
  );
}

/** Reads `uri` from `server` and keeps it current while shown; `version` forces a new read. */
export function useResource(server: string, uri: string, version = 0) {
  const api = useApi();
  const [state, setState] = useState<{ contents?: ResourceContent[]; error?: string }>({});
  const [updates, setUpdates] = useState(0);
  useEffect(
    () =>
      api.resources.onUpdated((event) => {
        if (event.server === server && event.uri === uri) setUpdates((count) => count + 1);
      }),
    [api, server, uri],
  );
  useEffect(() => {
    let live = true;
    api.resources.read({ server, uri }).then(
      (read) => live && setState({ contents: read.contents }),
      (reason: unknown) => live && setState({ error: messageOf(reason) }),
    );
    return () => {
      live = false;
    };
  }, [api, server, uri, version, updates]);
  return { ...state, updates };
}

export function ResourcePreview({ server, uri }: { server: string; uri: string }) {
  const { contents, error, updates } = useResource(server, uri);
  return (
    <div className="resource-preview" aria-label={`Preview of ${uri}`} role="region">
      {updates > 0 && (
        <p className="notice notice-info" role="status">
          Updated by the server.
        </p>
      )}
      {error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : contents ? (
        <ResourceContents contents={contents} />
      ) : (
        <p className="muted">Reading…</p>
      )}
    </div>
  );
}

export function ResourcePreviewDialog(props: {
  server: string;
  uri: string;
  name: string;
  onClose(): void;
}) {
  return (
    <Dialog
      open
      title={props.name}
      subtitle={`${props.server} · ${props.uri}`}
      onCancel={props.onClose}
      actions={
        <button type="button" className="button" onClick={props.onClose}>
          Close
        </button>
      }
    >
      <ResourcePreview server={props.server} uri={props.uri} />
    </Dialog>
  );
}
