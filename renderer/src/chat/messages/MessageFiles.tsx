/**
 * The user's files on a sent message: an image as a thumbnail (a button that opens it full size
 * in a dialog), any other file as a card with its name, kind and size. Images come from the page's
 * own origin at `/files/<sha256>` (the browser host and the desktop app's protocol serve the kept
 * ones), so their bytes never cross the bridge.
 */
import { useState } from 'react';
import type { Attachment } from '../../../../preload/schemas/content';
import { formatSize } from '../../../../preload/schemas/resourceFacts';
import { keptImageUrl } from '../../lib/keptImages';
import { Dialog } from '../../ui/Dialog';
import { KindMark, KIND_WORDS } from '../composer/FileChips';
import './messageFiles.css';

export function MessageFiles({ attachments }: { attachments: readonly Attachment[] }) {
  const [open, setOpen] = useState<Attachment>();
  return (
    <>
      <ul className="message-files" aria-label="Attached files">
        {attachments.map((attachment, index) => {
          const file = attachment.file;
          if (!file) return null;
          return (
            <li key={index}>
              {file.kind === 'image' ? (
                <button
                  type="button"
                  className="message-file-thumb"
                  title={`${attachment.name} · open full size`}
                  onClick={() => setOpen(attachment)}
                >
                  <img
                    src={keptImageUrl(file.sha256)}
                    alt={attachment.name}
                    width={file.width}
                    height={file.height}
                    loading="lazy"
                  />
                </button>
              ) : (
                <div className="message-file-card">
                  <KindMark kind={file.kind} />
                  <span className="file-chip-text">
                    <span className="file-chip-name" title={attachment.name}>
                      {attachment.name}
                    </span>
                    <span className="file-chip-detail">
                      {KIND_WORDS[file.kind]} · {formatSize(file.originalBytes)}
                    </span>
                  </span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {open?.file && (
        <Dialog
          title={open.name}
          open
          onCancel={() => setOpen(undefined)}
          className="image-dialog"
          actions={
            <button type="button" className="button" onClick={() => setOpen(undefined)}>
              Close
            </button>
          }
        >
          <img
            className="image-dialog-picture"
            src={keptImageUrl(open.file.sha256)}
            alt={open.name}
          />
        </Dialog>
      )}
    </>
  );
}
