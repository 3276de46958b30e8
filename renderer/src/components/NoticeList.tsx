/** Notices from main (a settings file set aside, a link refused), each dismissible. */
import type { Notice } from '../../../preload/contract';

export function NoticeList({
  notices,
  onDismiss,
}: {
  notices: Notice[];
  onDismiss(id: number): void;
}) {
  if (notices.length === 0) return null;
  return (
    <section className="notices" aria-label="Notices">
      {notices.map((notice) => (
        <div
          key={notice.id}
          className={`notice notice-${notice.level}`}
          role={notice.level === 'error' ? 'alert' : 'status'}
        >
          <p>{notice.message}</p>
          <button
            type="button"
            className="ghost"
            aria-label="Dismiss notice"
            onClick={() => onDismiss(notice.id)}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
