/**
 * Full-text search over the history, bounded however large it grows. Measured on a 1 GB history
 * (bench: history.search_1gb_ms), the slow queries were of three shapes, all with common words:
 * - ranked with a common word: bm25() (and `ORDER BY rank`) first counts every message holding
 *   each word of the query, to weigh it, and scores every match, LIMIT or not ("and on", and
 *   even "gazupe3 of" with 2,400 matches: a pass over the 100,000 messages holding "of");
 * - a common last word matched as a prefix (`"the"*`): FTS5 gathers the whole lists of every
 *   word with that beginning before it returns a row, whatever the LIMIT;
 * - one common word was already listed newest first, but found common by counting the prefix.
 * So each word's matches are counted up to COMMON_WORD_MATCHES (cheap: the index stops there): a
 * last word that is itself common is taken whole, and a search with a common word lists its
 * matches newest first, which the index gives in order without weighing or scoring anything.
 * A search of words few messages hold is ranked by relevance, as before.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { SearchHit } from './types';

/** A word found in this many messages is common: too costly to weigh, and a poor sign of relevance. */
export const COMMON_WORD_MATCHES = 1_000;

export interface SnippetMarks {
  start: string;
  end: string;
  ellipsis: string;
  tokens: number;
}

/** The search over `search_index` (schema.ts): a query expression (searchQuery.ts) to hits. */
export function prepareSearch(database: DatabaseSync, marks: SnippetMarks) {
  const columns = `SELECT s.conversation_id, c.title, s.message_id,
      snippet(search_index, 0, ?3, ?4, ?5, ?6) AS snippet
    FROM search_index s JOIN conversations c ON c.id = s.conversation_id`;
  const statements = {
    countMatches: database.prepare(
      'SELECT count(*) AS n FROM (SELECT 1 FROM search_index WHERE search_index MATCH ? LIMIT ?)',
    ),
    ranked: database.prepare(`${columns} WHERE search_index MATCH ?1 ORDER BY rank LIMIT ?2`),
    newest: database.prepare(
      `${columns} WHERE search_index MATCH ?1 ORDER BY s.rowid DESC LIMIT ?2`,
    ),
  };
  const common = (word: string) =>
    Number(statements.countMatches.get(word, COMMON_WORD_MATCHES)?.n ?? 0) >= COMMON_WORD_MATCHES;

  return (expression: string, limit: number): SearchHit[] => {
    const words = quotedWords(expression);
    const last = words.at(-1) ?? '';
    if (last.endsWith('*') && common(last.slice(0, -1)))
      words[words.length - 1] = last.slice(0, -1);
    const newestFirst = words.some(common);
    const statement = newestFirst ? statements.newest : statements.ranked;
    return statement
      .all(words.join(' '), limit, marks.start, marks.end, marks.ellipsis, marks.tokens)
      .map((row) => ({
        conversationId: String(row.conversation_id),
        title: String(row.title),
        ...(row.message_id === null ? {} : { messageId: Number(row.message_id) }),
        snippet: String(row.snippet),
      }));
  };
}

/**
 * The quoted words of an expression (searchQuery.ts), the last with its `*` when it has one.
 * Words hold no blanks, so a quote, a space and a quote can only be where two words meet.
 */
function quotedWords(expression: string): string[] {
  return expression.split('" "').map((part, index, parts) => {
    const opened = index === 0 ? part : `"${part}`;
    return index === parts.length - 1 ? opened : `${opened}"`;
  });
}
