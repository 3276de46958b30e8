/**
 * A dialog's bar of actions that stays at the bottom edge of its scrolling body, in sight however
 * long the body grows. Its height, measured as it wraps, is the body's room at the bottom
 * (`--dialog-sticky-bottom`), so a control that Tab or Shift+Tab moves to scrolls clear of the
 * bar with its focus ring whole (WCAG 2.4.11); the top edge keeps the same ring's room.
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';

export function StickyActions({
  children,
  className,
}: {
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const bar = ref.current;
    const body = bar?.closest<HTMLElement>('.dialog-body');
    if (!bar || !body) return undefined;
    const measure = () =>
      body.style.setProperty('--dialog-sticky-bottom', `${Math.ceil(bar.offsetHeight)}px`);
    measure();
    // jsdom has no ResizeObserver; a browser re-measures whenever the bar wraps or unwraps.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      body.style.removeProperty('--dialog-sticky-bottom');
    };
  }, []);
  return (
    <div ref={ref} className={`dialog-sticky-actions${className ? ` ${className}` : ''}`}>
      {children}
    </div>
  );
}
