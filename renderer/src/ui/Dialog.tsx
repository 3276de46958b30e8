/**
 * A modal dialog on the native <dialog> element: the browser traps focus, Escape closes it (as
 * `onCancel`), and the rest of the page is inert while it is open. Focus returns to where it was.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  title: string;
  open: boolean;
  /** Escape, or the close button. */
  onCancel(): void;
  children: ReactNode;
  /** Buttons along the bottom. */
  actions?: ReactNode;
  /** `danger` draws the dialog as a warning (a destructive tool, sudo). */
  tone?: 'normal' | 'danger';
  /** A line under the title, such as "2 more waiting". */
  subtitle?: string;
  className?: string;
}

export function Dialog({
  title,
  open,
  onCancel,
  children,
  actions,
  tone = 'normal',
  subtitle,
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const previous = document.activeElement as HTMLElement | null;
      // jsdom has no showModal; the attribute keeps tests close to the real thing.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      return () => previous?.focus?.();
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
    return undefined;
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`dialog dialog-${tone}${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <header className="dialog-header">
        <h2 id={titleId}>{title}</h2>
        {subtitle && <p className="dialog-subtitle">{subtitle}</p>}
      </header>
      <div className="dialog-body">{children}</div>
      {actions && <footer className="dialog-actions">{actions}</footer>}
    </dialog>
  );
}
