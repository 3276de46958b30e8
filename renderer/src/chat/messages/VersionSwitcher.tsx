/**
 * `‹ 2/3 ›` on a message that has other versions (an edited message, a regenerated reply):
 * Previous and Next show the version before or after it with the branch it was last continued
 * on. Switching only moves the branch on screen; nothing is sent or run again.
 */
import { useEffect, useRef } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';

export interface VersionSwitcherProps {
  /** Every version's id, oldest first, this message's among them. */
  versions: readonly number[];
  current: number;
  /** False while a reply is written: the branch on screen cannot change under it. */
  enabled: boolean;
  onShow(messageId: number, direction: 'previous' | 'next'): void;
  /** The button to focus once shown (this version was just switched to with it). */
  focus?: 'previous' | 'next' | undefined;
}

/** Where the message stands among its versions, 1-based, and how many there are. */
export function versionPlace(versions: readonly number[], current: number) {
  const index = versions.indexOf(current);
  return { number: index + 1, count: versions.length, index };
}

export function VersionSwitcher({
  versions,
  current,
  enabled,
  onShow,
  focus,
}: VersionSwitcherProps) {
  const { number, count, index } = versionPlace(versions, current);
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus === 'previous') previous.current?.focus();
    if (focus === 'next') next.current?.focus();
  }, [focus]);
  if (count < 2 || index < 0) return null;
  const before = versions[index - 1];
  const after = versions[index + 1];
  return (
    <div className="version-switcher" role="group" aria-label="Versions of this message">
      <button
        ref={previous}
        type="button"
        className="version-step"
        aria-label="Previous version"
        title="Previous version"
        // Kept focusable at the first version, so focus never drops to the page.
        aria-disabled={!enabled || before === undefined}
        onClick={() => enabled && before !== undefined && onShow(before, 'previous')}
      >
        <ChevronLeft size={14} aria-hidden="true" />
      </button>
      <span className="version-count" aria-live="polite" aria-atomic="true">
        <span aria-hidden="true">
          {number}/{count}
        </span>
        <span className="version-count-words">
          Version {number} of {count}
        </span>
      </span>
      <button
        ref={next}
        type="button"
        className="version-step"
        aria-label="Next version"
        title="Next version"
        aria-disabled={!enabled || after === undefined}
        onClick={() => enabled && after !== undefined && onShow(after, 'next')}
      >
        <ChevronRight size={14} aria-hidden="true" />
      </button>
    </div>
  );
}
