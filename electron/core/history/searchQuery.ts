/**
 * Turns what the user typed into an FTS5 query that cannot be a syntax error or an operator:
 * every word becomes a quoted string, so `"`, `*`, `-`, `(`, `NEAR`, `AND`, `OR` and `NOT` are
 * searched for as text (or ignored as punctuation), never interpreted.
 */

/**
 * At most this many words take part. A pasted paragraph would otherwise become a long AND of
 * terms that matches nothing and costs one index lookup per word.
 */
export const MAX_QUERY_TERMS = 32;

// A chunk is worth searching for only if the tokenizer (unicode61) would find a token in it:
// letters, digits, and private-use characters. Punctuation alone would quote to an empty phrase.
const TOKEN_CHARACTER = /[\p{L}\p{N}\p{Co}]/u;

/**
 * A last word in Latin letters or digits is matched as a prefix only from this length on: a
 * prefix of one or two letters stands for most of the vocabulary, so it matches nearly every
 * message and costs a scan of the whole index for results nobody can use. Other scripts keep the
 * prefix at any length: the tokenizer takes a run of Chinese or Japanese as one word, so two
 * characters are often a whole word's start.
 */
export const MIN_PREFIX_LENGTH = 3;

const SHORT_PREFIX_SCRIPT = /^[\p{Script=Latin}\p{N}]+$/u;

function matchesAsPrefix(word: string): boolean {
  const tokenCharacters = [...word].filter((character) => TOKEN_CHARACTER.test(character));
  if (!SHORT_PREFIX_SCRIPT.test(tokenCharacters.join(''))) return true;
  return tokenCharacters.length >= MIN_PREFIX_LENGTH;
}

/**
 * The FTS5 MATCH expression for `text`: each whitespace-separated word quoted (inner quotes
 * doubled), all of them required, the last one matched as a prefix (when long enough) so results
 * follow typing. Undefined when nothing searchable is left.
 */
export function toSearchExpression(text: string): string | undefined {
  const words = text
    .split(/\s+/u)
    .filter((word) => TOKEN_CHARACTER.test(word))
    .slice(0, MAX_QUERY_TERMS);
  if (words.length === 0) return undefined;
  const quoted = words.map((word) => `"${word.replaceAll('"', '""')}"`);
  return `${quoted.join(' ')}${matchesAsPrefix(words.at(-1) ?? '') ? '*' : ''}`;
}
