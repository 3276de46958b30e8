/** Titles for conversations nobody named: taken from the first thing the user said. */

/** Long enough to tell conversations apart in the sidebar, short enough to fit on one line. */
export const MAX_TITLE_LENGTH = 60;

const ELLIPSIS = '…';

/**
 * The first non-empty line of `text`, whitespace collapsed, cut to `MAX_TITLE_LENGTH` characters
 * (ellipsis included) at a word boundary where there is one. Empty when `text` has no words.
 */
export function titleFrom(text: string): string {
  const firstLine =
    text
      .split(/\r?\n/)
      .map((line) => line.replace(/\s+/gu, ' ').trim())
      .find((line) => line !== '') ?? '';
  const characters = Array.from(firstLine);
  if (characters.length <= MAX_TITLE_LENGTH) return firstLine;
  const roomLength = MAX_TITLE_LENGTH - ELLIPSIS.length;
  const room = characters.slice(0, roomLength).join('');
  // Cut at the last space if that keeps at least half the room; one long word is cut mid-word.
  const endsOnBoundary = characters[roomLength] === ' ';
  const lastSpace = room.lastIndexOf(' ');
  const cut = endsOnBoundary || lastSpace < room.length / 2 ? room : room.slice(0, lastSpace);
  return `${cut.replace(/[\s,;:.\-–—]+$/u, '')}${ELLIPSIS}`;
}
