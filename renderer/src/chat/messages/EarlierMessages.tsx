/**
 * The first row of a conversation whose earlier messages are not read yet: scrolled into view,
 * it reads the next page. The button does the same by keyboard, and again after a failed read.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { messageOf } from '../../lib/hooks';
import { InlineError } from '../../ui/InlineError';

export function EarlierMessages({ count, onLoad }: { count: number; onLoad: () => Promise<void> }) {
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string>();
  const live = useRef(true);
  const inFlight = useRef(false);

  const load = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setLoading(true);
    setProblem(undefined);
    onLoad()
      .then(
        () => undefined,
        (reason: unknown) => live.current && setProblem(messageOf(reason)),
      )
      .finally(() => {
        inFlight.current = false;
        if (live.current) setLoading(false);
      });
  };
  const loadOnArrival = useEffectEvent(load);

  // In view, not merely rendered: the list renders rows beyond its edges, and this one for a
  // moment when a conversation opens, before the list scrolls to its end.
  const row = useRef<HTMLDivElement>(null);
  useEffect(() => {
    live.current = true;
    const element = row.current;
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadOnArrival();
    });
    observer.observe(element);
    // Scrolling while it is in view (a page landed and the user is still at the top) reads on.
    const list = element.closest('[role="log"]');
    const onScroll = () => {
      const shown = element.getBoundingClientRect();
      const area = list?.getBoundingClientRect();
      if (area && shown.bottom > area.top && shown.top < area.bottom) loadOnArrival();
    };
    list?.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      live.current = false;
      observer.disconnect();
      list?.removeEventListener('scroll', onScroll);
    };
  }, []);

  return (
    <div className="earlier-messages" ref={row}>
      {loading ? (
        <p className="muted" role="status">
          Reading earlier messages…
        </p>
      ) : (
        <button type="button" className="button" onClick={load}>
          Show earlier messages ({count.toLocaleString()})
        </button>
      )}
      <InlineError message={problem} />
    </div>
  );
}
