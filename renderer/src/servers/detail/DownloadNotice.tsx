/**
 * A first start through npx or uvx that is still downloading its package: what downloads, with
 * what is known of the progress (bytes so far, the launcher's last step), and that the start's
 * time limit waits for it. The total is never known in advance, so the bar has no end.
 */
// The app's own progress bar (the one model downloads use).
import '../../ui/progress.css';
import type { ServerStatus } from '../../../../preload/schemas/servers';
import { formatSize } from '../../../../preload/schemas/resourceFacts';
import { revealHidden } from '../../lib/revealHidden';

export function DownloadNotice({ status }: { status: ServerStatus }) {
  const download = status.download;
  if (!download) return null;
  const progress = [
    download.bytes !== undefined ? `${formatSize(download.bytes)} so far` : '',
    download.step ? revealHidden(download.step) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="notice download-notice" role="region" aria-label="Download">
      <div>
        <p>
          Downloading <code>{revealHidden(download.package)}</code> with {download.launcher}
          {progress ? `: ${progress}.` : '.'}
        </p>
        <p className="muted">
          A first start fetches the package once. The server starts when the download ends; its time
          limit to answer counts from then.
        </p>
        <div
          className="progress progress-indeterminate download-notice-bar"
          role="progressbar"
          aria-label={`Downloading ${download.package}`}
        >
          <div className="progress-fill" />
        </div>
      </div>
    </div>
  );
}
