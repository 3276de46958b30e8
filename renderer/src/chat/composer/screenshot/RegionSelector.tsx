/**
 * A rectangle over the captured picture: drag it out with the pointer, or with the keyboard move
 * it with the arrow keys and size it with Shift and the arrow keys (Alt for single pixels); Enter
 * takes it. The rectangle is in the capture's own pixels, whatever size the picture is shown at.
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { ScreenRegion } from '../../../../../preload/schemas/screen';

const MIN = 8;

/** The rectangle moved or resized by one key, kept within the picture and at least MIN wide. */
export function nudged(
  region: ScreenRegion,
  key: string,
  options: { resize: boolean; fine: boolean },
  size: { width: number; height: number },
): ScreenRegion | undefined {
  const step = options.fine ? 1 : Math.max(1, Math.round(Math.min(size.width, size.height) / 50));
  const delta = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  }[key];
  if (!delta) return undefined;
  const [dx = 0, dy = 0] = delta;
  if (options.resize) {
    const width = Math.min(Math.max(MIN, region.width + dx), size.width - region.x);
    const height = Math.min(Math.max(MIN, region.height + dy), size.height - region.y);
    return { ...region, width, height };
  }
  const x = Math.min(Math.max(0, region.x + dx), size.width - region.width);
  const y = Math.min(Math.max(0, region.y + dy), size.height - region.height);
  return { ...region, x, y };
}

/** The middle half of the picture: where the keyboard starts. */
export function defaultRegion(size: { width: number; height: number }): ScreenRegion {
  const width = Math.max(MIN, Math.round(size.width / 2));
  const height = Math.max(MIN, Math.round(size.height / 2));
  return {
    x: Math.round((size.width - width) / 2),
    y: Math.round((size.height - height) / 2),
    width,
    height,
  };
}

export function RegionSelector({
  preview,
  size,
  region,
  onChange,
  onTake,
}: {
  preview: string;
  size: { width: number; height: number };
  region: ScreenRegion;
  onChange(region: ScreenRegion): void;
  onTake(): void;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [dragFrom, setDragFrom] = useState<{ x: number; y: number }>();

  /** A pointer's place in the capture's pixels. */
  const pointAt = (event: PointerEvent) => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || box.width === 0) return { x: 0, y: 0 };
    const clamp = (value: number, max: number) => Math.min(Math.max(0, Math.round(value)), max);
    return {
      x: clamp(((event.clientX - box.left) * size.width) / box.width, size.width),
      y: clamp(((event.clientY - box.top) * size.height) / box.height, size.height),
    };
  };
  const spanning = (from: { x: number; y: number }, to: { x: number; y: number }) => ({
    x: Math.min(from.x, to.x),
    y: Math.min(from.y, to.y),
    width: Math.abs(to.x - from.x),
    height: Math.abs(to.y - from.y),
  });

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onTake();
      return;
    }
    const next = nudged(region, event.key, { resize: event.shiftKey, fine: event.altKey }, size);
    if (!next) return;
    event.preventDefault();
    onChange(next);
  };
  const percent = (value: number, of: number) => `${(value * 100) / of}%`;

  return (
    <div className="region-selector">
      <div
        ref={frame}
        className="region-frame"
        role="application"
        aria-roledescription="region selector"
        aria-label={`Region of the screenshot: ${region.width} by ${region.height} pixels at ${region.x}, ${region.y}. Drag, or move it with the arrow keys, size it with Shift and the arrow keys; Enter attaches it.`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture?.(event.pointerId);
          const from = pointAt(event);
          setDragFrom(from);
          onChange({ ...from, width: 0, height: 0 });
        }}
        onPointerMove={(event) => dragFrom && onChange(spanning(dragFrom, pointAt(event)))}
        onPointerUp={(event) => {
          if (dragFrom) onChange(spanning(dragFrom, pointAt(event)));
          setDragFrom(undefined);
        }}
      >
        <img src={preview} alt="" draggable={false} />
        <div
          className="region-box"
          style={{
            left: percent(region.x, size.width),
            top: percent(region.y, size.height),
            width: percent(region.width, size.width),
            height: percent(region.height, size.height),
          }}
        />
      </div>
      <p className="muted region-size">
        <span aria-live="polite">
          {region.width} × {region.height} pixels
        </span>
        {' · '}drag over the picture, or move the rectangle with the arrow keys and size it with
        Shift and the arrow keys
      </p>
    </div>
  );
}
