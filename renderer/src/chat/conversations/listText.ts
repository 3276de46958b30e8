/** Text of the conversation list: search snippets with their matches, and times people read. */

/** Around each matched term in a search snippet (see the conversation store). */
const MATCH_START = '\u0002';
const MATCH_END = '\u0003';

export interface SnippetPart {
  text: string;
  match: boolean;
}

/**
 * A snippet is cut from the stored Markdown; shown as text it would read "**bold** and `code`".
 * This drops the markup (emphasis, code ticks and fences, heading and quote marks, a link's
 * address) and keeps the words, on one line.
 */
export function withoutMarkdown(text: string): string {
  return text
    .replace(/```[\w-]*/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*|__|~~|`/g, '')
    .replace(/(^|\n)\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/g, '$1')
    .replace(/\s*\n\s*/g, ' ');
}

/** Splits a snippet at its markers, as plain text; a stray marker is dropped, never shown. */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let match = false;
  let text = '';
  const flush = () => {
    const plain = withoutMarkdown(text);
    if (plain) parts.push({ text: plain, match });
    text = '';
  };
  for (const character of snippet) {
    if (character === MATCH_START || character === MATCH_END) {
      flush();
      match = character === MATCH_START;
    } else {
      text += character;
    }
  }
  flush();
  return parts;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 minutes ago", "yesterday", "3 days ago", then the date. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const elapsed = now.getTime() - then.getTime();
  if (Number.isNaN(elapsed)) return '';
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return format.format(-Math.floor(elapsed / DAY), 'day');
  return then.toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    ...(then.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}
