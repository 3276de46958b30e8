/**
 * The user's files on the message being written: one chip each with its name, size and kind (an
 * image's own picture), its upload's progress, the sentence when it will not be sent, and a
 * button that removes it (cancelling its upload). The limits are said under the chips.
 */
import type { FileKind } from '../../../../preload/schemas/fileKinds';
import { FILE_LIMITS_IN_WORDS } from '../../../../preload/schemas/fileKinds';
import { formatSize } from '../../../../preload/schemas/resourceFacts';
import type { FileChip } from './useAttachments';
import './fileChips.css';

export function FileChips({
  chips,
  notice,
  onRemove,
}: {
  chips: readonly FileChip[];
  notice?: string | undefined;
  onRemove(id: string): void;
}) {
  if (chips.length === 0 && !notice) return null;
  return (
    <div className="file-chips-area">
      {chips.length > 0 && (
        <ul className="file-chips" aria-label="Attached files">
          {chips.map((chip) => (
            <li
              key={chip.id}
              className={`file-chip${chip.state === 'refused' ? ' file-chip-refused' : ''}`}
            >
              {chip.preview ? (
                <img className="file-chip-thumb" src={chip.preview} alt="" />
              ) : (
                <KindMark kind={chip.kind} />
              )}
              <span className="file-chip-text">
                <span className="file-chip-name" title={chip.name}>
                  {chip.name}
                </span>
                <span className="file-chip-detail">{detail(chip)}</span>
              </span>
              {chip.state === 'uploading' && (
                <progress
                  className="file-chip-progress"
                  max={Math.max(1, chip.size)}
                  value={chip.received}
                  aria-label={`Uploading ${chip.name}`}
                />
              )}
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove ${chip.name}`}
                title={chip.state === 'uploading' ? 'Cancel the upload' : 'Remove'}
                onClick={() => onRemove(chip.id)}
              >
                ×
              </button>
              {chip.sentence && (
                <span className="file-chip-sentence" role="alert">
                  {chip.sentence}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {notice && (
        <p className="file-chips-notice" role="alert">
          {notice}
        </p>
      )}
      {chips.length > 0 && <p className="file-chips-limits">{FILE_LIMITS_IN_WORDS}</p>}
    </div>
  );
}

/** Size, and where its upload stands. */
function detail(chip: FileChip): string {
  const size = formatSize(chip.size);
  if (chip.state === 'waiting') return `${size} · waiting`;
  if (chip.state === 'uploading')
    return `${size} · ${Math.floor((chip.received / Math.max(1, chip.size)) * 100)}%`;
  if (chip.state === 'refused') return `${size} · not attached`;
  return `${size} · ${KIND_WORDS[chip.kind ?? 'text']}`;
}

export const KIND_WORDS: Record<FileKind, string> = { image: 'image', pdf: 'PDF', text: 'text' };

/** A file's kind as a small labelled mark (an image shows itself instead). */
export function KindMark({ kind }: { kind: FileKind | undefined }) {
  const label = kind === 'pdf' ? 'PDF' : kind === 'image' ? 'IMG' : 'TXT';
  return (
    <span className={`file-kind file-kind-${kind ?? 'other'}`} aria-hidden="true">
      {label}
    </span>
  );
}
