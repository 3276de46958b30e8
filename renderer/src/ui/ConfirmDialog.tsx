/** Asks "are you sure?" before something that cannot be undone; Escape and Cancel say no. */
import { useEffect, useRef, type ReactNode } from 'react';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  /** While the confirmed action runs. */
  busy?: boolean;
}

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  // The safe choice has focus, so a stray Enter does not confirm.
  useEffect(() => cancel.current?.focus(), []);
  return (
    <Dialog
      open
      tone="danger"
      title={title}
      onCancel={onCancel}
      actions={
        <>
          <button ref={cancel} type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button danger" disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
