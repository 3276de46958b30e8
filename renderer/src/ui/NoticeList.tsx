/**
 * Notices from main (a settings file set aside, a link refused), each dismissible; one the user
 * answers in a view (what to do with secrets without a keyring) has a button that opens it.
 */
import type { Notice } from '../../../preload/contract';
import { useNavigation } from '../lib/navigation';

export function NoticeList({
  notices,
  onDismiss,
}: {
  notices: Notice[];
  onDismiss(id: number): void;
}) {
  const navigation = useNavigation();
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
          {notice.opens === 'settings' && (
            <button type="button" className="button" onClick={() => navigation.openSettings()}>
              Open Settings
            </button>
          )}
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
