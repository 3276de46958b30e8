/**
 * Reads the JSON of other apps' config files. VS Code's files are JSONC (comments and trailing
 * commas), so those are blanked out first; blanking keeps every offset, so an error's line and
 * column still point into the file as the user sees it.
 */
import { findJsonSyntaxError } from './jsonSyntax';

const BYTE_ORDER_MARK = '\uFEFF';

/** Either the parsed value or a sentence saying where and why the text is not JSON. */
export type JsonTextResult = { ok: true; value: unknown } | { ok: false; error: string };

/** Parses JSON or JSONC, tolerating a byte order mark, and never echoes file content in errors. */
export function parseJsonText(text: string): JsonTextResult {
  const withoutMark = text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  if (withoutMark.trim() === '') return { ok: false, error: 'the file is empty.' };
  const stripped = stripJsonc(withoutMark);
  try {
    return { ok: true, value: JSON.parse(stripped) as unknown };
  } catch (error) {
    return { ok: false, error: describeParseFailure(stripped, error) };
  }
}

/** Replaces comments and trailing commas with spaces (keeping line breaks), leaving strings alone. */
export function stripJsonc(text: string): string {
  const chunks: string[] = [];
  // The chunk index of a comma that only whitespace or comments follow so far.
  let pendingComma = -1;
  // A comma right after `{`, `[` or another comma follows no value: it stays, and fails the parse.
  let lastSignificant = '';
  let at = 0;
  while (at < text.length) {
    const char = text[at] ?? '';
    const next = text[at + 1];
    let end = at + 1;
    if (char === '"') {
      end = stringEnd(text, at);
      pendingComma = -1;
      lastSignificant = char;
      chunks.push(text.slice(at, end));
    } else if (char === '/' && next === '/') {
      end = lineEnd(text, at);
      chunks.push(blank(text.slice(at, end)));
    } else if (char === '/' && next === '*' && text.includes('*/', at + 2)) {
      // An unclosed block comment is left in place, so the parse error points at it.
      end = text.indexOf('*/', at + 2) + 2;
      chunks.push(blank(text.slice(at, end)));
    } else {
      if ((char === '}' || char === ']') && pendingComma >= 0) chunks[pendingComma] = ' ';
      if (!/\s/.test(char)) {
        pendingComma = char === ',' && !'{[,'.includes(lastSignificant) ? chunks.length : -1;
        lastSignificant = char;
      }
      chunks.push(char);
    }
    at = end;
  }
  return chunks.join('');
}

/** The offset just past the string that opens at `start` (or the end of the text if unclosed). */
function stringEnd(text: string, start: number): number {
  let at = start + 1;
  while (at < text.length) {
    if (text[at] === '\\') at += 2;
    else if (text[at] === '"') return at + 1;
    else at += 1;
  }
  return text.length;
}

function lineEnd(text: string, start: number): number {
  const match = /[\r\n]/.exec(text.slice(start));
  return match ? start + match.index : text.length;
}

function blank(segment: string): string {
  return segment.replace(/[^\r\n]/g, ' ');
}

function describeParseFailure(text: string, error: unknown): string {
  const problem = findJsonSyntaxError(text);
  if (problem) {
    const { line, column } = lineAndColumn(text, problem.offset);
    return `${problem.message} (line ${line}, column ${column}).`;
  }
  // Only if the scanner and V8 disagree; V8 quotes the text near the error, which may be a token.
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/, (\.\.\.)?".*$/s, '.');
}

/** One-based line and column of an offset, the way editors count them. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}
