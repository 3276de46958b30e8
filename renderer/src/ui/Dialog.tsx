/**
 * A modal dialog on the native <dialog> element: the browser traps focus, Escape closes it (as
 * `onCancel`), and the rest of the page is inert while it is open. Focus returns to where it was.
 */
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

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

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes to the first, Shift+Tab from the first to the last: the modal
 * makes the page behind inert, but a browser would still let Tab leave for its own toolbar.
 */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden]') && !isFoldedAway(element),
  );
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A control that focus lands on only partly in the body's view (Chromium scrolls a partly shown
 * control no further) is scrolled fully in, clear of the body's edges and its sticky bar by the
 * body's scroll padding (styles.css, StickyActions.tsx), so its focus ring shows whole.
 */
function keepFocusInView(event: FocusEvent<HTMLDialogElement>): void {
  const control = event.target;
  const body = control.closest('.dialog-body');
  if (!body || typeof control.scrollIntoView !== 'function') return;
  const view = body.getBoundingClientRect();
  const padding = getComputedStyle(body);
  const rect = control.getBoundingClientRect();
  const top = view.top + (parseFloat(padding.scrollPaddingTop) || 0);
  const bottom = view.bottom - (parseFloat(padding.scrollPaddingBottom) || 0);
  if (rect.top < top || rect.bottom > bottom) control.scrollIntoView({ block: 'nearest' });
}

/** Inside a closed <details>, other than its summary: not shown, so not a Tab stop. */
function isFoldedAway(element: HTMLElement): boolean {
  const details = element.closest('details');
  return !!details && !details.open && element.tagName !== 'SUMMARY';
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
      onKeyDown={keepTabInside}
      onFocus={keepFocusInView}
    >
      <header className="dialog-header">
        <h2 id={titleId}>{title}</h2>
        {subtitle && <p className="dialog-subtitle">{subtitle}</p>}
      </header>
      <DialogBody>{children}</DialogBody>
      {actions && <footer className="dialog-actions">{actions}</footer>}
    </dialog>
  );
}

/** What Tab can reach inside a body: scrolling follows it there. */
const REACHABLE =
  'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/**
 * The dialog's scrolling body. While its content is taller than it and holds nothing Tab can
 * reach, it is a Tab stop of its own, so a keyboard user can scroll text that holds no control
 * (a launch review's long lists), as axe's scrollable-region-focusable asks. A body that fits, or
 * whose controls Tab scrolls to, adds no stop (one that held a sticky bar would sit under it).
 */
function DialogBody({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const body = ref.current;
    if (!body) return undefined;
    const measure = () =>
      setScrolls(
        body.scrollHeight > body.clientHeight + 1 &&
          !body.querySelector(`:scope :is(${REACHABLE})`),
      );
    measure();
    // jsdom has neither; a browser measures again when the window or the content changes.
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    resized?.observe(body);
    const changed =
      typeof MutationObserver === 'function' ? new MutationObserver(measure) : undefined;
    changed?.observe(body, { childList: true, subtree: true, characterData: true });
    return () => {
      resized?.disconnect();
      changed?.disconnect();
    };
  }, []);
  return (
    <div ref={ref} className="dialog-body" tabIndex={scrolls ? 0 : undefined}>
      {children}
    </div>
  );
}
