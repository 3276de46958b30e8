/**
 * Characters that steer how text is read without being seen: bidirectional controls (which
 * reorder what a reader sees) and Unicode tag characters (invisible copies of ASCII that a model
 * reads as words: a tool description can carry a whole hidden instruction in them). Removed from
 * what the model is sent, in tool definitions and tool results; the user sees them marked
 * (renderer/src/lib/revealHidden.ts).
 */
const STEERING = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u{E0000}-\u{E007F}]/gu;

export function withoutSteering(text: string): string {
  return text.replace(STEERING, '');
}

/** Every string in a JSON value (keys too) without steering characters; other values as they are. */
export function deepWithoutSteering<T>(value: T): T {
  if (typeof value === 'string') return withoutSteering(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => deepWithoutSteering(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [withoutSteering(key), deepWithoutSteering(item)]),
    ) as T;
  }
  return value;
}
