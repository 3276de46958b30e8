/**
 * The conversation's messages, virtualised: only the rows near the viewport are in the DOM, each
 * measured as it renders (heights vary with content), so a conversation of thousands of messages
 * scrolls as lightly as a short one. It follows the bottom while a reply streams, until the user
 * scrolls up; scrolling back to the bottom follows again. Rows added above the one in view (an
 * earlier page of the conversation read) leave what the user reads where it was.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { whenIdle } from '../../lib/whenIdle';

/** Within this distance of the bottom the list counts as "at the bottom" and keeps following. */
export const FOLLOW_THRESHOLD_PX = 48;
/** A first guess at a row's height; each row is measured once it renders. */
const ESTIMATED_ROW_PX = 140;
/**
 * Rows rendered beyond the viewport on each side, so a quick scroll shows no blank. A list just
 * opened renders only the rows in view, and these once the page is idle or the user scrolls up:
 * they were half of what the first render cost (bench: history.open_10k_ms).
 */
const OVERSCAN_ROWS = 6;
/** Within this distance of the top, what sits above the rows (`top`) shows and is asked for. */
export const NEAR_TOP_PX = 600;

export interface MessageListProps {
  /** One stable key per row, oldest first. */
  keys: readonly (string | number)[];
  renderRow(index: number): ReactNode;
  /** Changes when the user sends: the list jumps to the bottom and follows again. */
  followKey: unknown;
  /** Shown over the top of the list while the user is near it (earlier messages to read). */
  top?: ReactNode;
}

export function MessageList({ keys, renderRow, followKey, top }: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const getItemKey = useCallback((index: number) => keys[index] ?? index, [keys]);
  const [overscan, setOverscan] = useState(0);
  useEffect(() => {
    if (overscan > 0) return undefined;
    return whenIdle(() => setOverscan(OVERSCAN_ROWS), { timeoutMs: 1_000 });
  }, [overscan]);
  // The virtualizer's methods change identity as it measures; nothing here memoises on them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: keys.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan,
    getItemKey,
    // Rows added above (an earlier page read) leave the row in view where it was.
    anchorTo: 'end',
    // A conversation opens at its newest message: the first render is of the rows at the bottom,
    // in a viewport guessed from the window's height until the list is measured. Starting at the
    // top rendered (and parsed) rows nobody sees, then the bottom ones (bench: history.open_10k_ms).
    initialRect: { width: 0, height: windowHeight() },
    initialOffset: () => Math.max(0, keys.length * ESTIMATED_ROW_PX - windowHeight()),
  });
  const [nearTop, setNearTop] = useState(false);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    following.current =
      element.scrollHeight - element.scrollTop - element.clientHeight <= FOLLOW_THRESHOLD_PX;
    // The user scrolled up (the list's own moves keep it at the bottom): rows beyond the view now.
    if (!following.current) setOverscan(OVERSCAN_ROWS);
    setNearTop(element.scrollTop < NEAR_TOP_PX);
  };

  useLayoutEffect(() => {
    following.current = true;
  }, [followKey]);

  // After every render (new text, a row measured), keep the bottom in view while following.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && following.current && element.scrollTop < element.scrollHeight) {
      element.scrollTop = element.scrollHeight;
    }
  });

  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={scrollRef}
      className="message-scroll"
      onScroll={onScroll}
      role="log"
      aria-label="Messages"
    >
      {top && nearTop && <div className="message-top">{top}</div>}
      <div className="message-sizer" style={{ height: virtualizer.getTotalSize() }}>
        <div
          className="message-window"
          style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}
        >
          {items.map((item) => (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="message-row"
            >
              {renderRow(item.index)}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The window's height: the list fills most of it, so its viewport is no taller. */
function windowHeight(): number {
  return typeof window === 'undefined' ? 0 : window.innerHeight;
}
