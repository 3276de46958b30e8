/**
 * Attached resources: as removable chips on the composer (marked when the server says one
 * changed since it was picked), and on a sent message as what the model was given.
 */
import type { Attachment } from '../../../../preload/schemas/content';
import { ResourceContents } from '../../resources';

export interface PendingAttachment {
  server: string;
  uri: string;
  name: string;
  /** The server said it changed after it was attached. */
  changed?: boolean;
}

export function ComposerChips({
  items,
  onRemove,
}: {
  items: readonly PendingAttachment[];
  onRemove(item: PendingAttachment): void;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="attachment-chips" aria-label="Attached resources">
      {items.map((item) => (
        <li key={`${item.server}\n${item.uri}`} className="attachment-chip" title={item.uri}>
          <span>{item.name}</span>
          <span className="muted">· {item.server}</span>
          {item.changed && <span className="attachment-changed">(changed)</span>}
          <button
            type="button"
            className="chip-remove"
            aria-label={`Remove ${item.name}`}
            onClick={() => onRemove(item)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

export function MessageAttachments({ attachments }: { attachments: readonly Attachment[] }) {
  return (
    <ul className="message-attachments" aria-label="Attached resources">
      {attachments.map((attachment, index) => (
        <li key={index}>
          <details className="message-attachment">
            <summary title={attachment.uri}>
              {attachment.name} <span className="muted">· {attachment.server}</span>
            </summary>
            <ResourceContents contents={attachment.contents} />
          </details>
        </li>
      ))}
    </ul>
  );
}
