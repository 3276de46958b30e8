/**
 * Turns tool definitions and user messages into comparable terms for lexical ranking: identifiers
 * split at camelCase, snake_case and kebab-case, accents folded, common words of English,
 * German, French and Spanish dropped, a light English stemmer, and a small table of synonyms
 * that maps everyday and non-English words onto the words tool descriptions use. The table is
 * general vocabulary of the tool domains (files, code hosting, chat, web, maps, data), not a
 * list of benchmark phrases; see bench/toolSelection/README.md for how it is kept honest.
 */
import { STOP_WORDS, SYNONYMS } from './vocabulary';

/** Splits identifiers and text into lowercase words without accents. */
export function words(text: string): string[] {
  const spaced = text
    // getFileInfo → get File Info; HTTPServer → HTTP Server
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  return spaced.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A light English stemmer: plural, -ing and -ed endings, leaving at least three letters. */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(sses|xes|ches|shes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('ing') && word.length > 5) return undouble(word.slice(0, -3));
  if (word.endsWith('ed') && word.length > 4) return undouble(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

/** running → run, but not all → al. */
function undouble(word: string): string {
  return /([^aeioulsz])\1$/.test(word) ? word.slice(0, -1) : word;
}

/**
 * The terms a word counts as: its synonym group's (some shell words stand for two), else its
 * stem; none for a common word. `located` finds `locate` through its stem with the e put back.
 */
export function termsOf(word: string): string[] {
  if (STOP_WORDS.has(word)) return [];
  const stemmed = stem(word);
  const synonym = SYNONYMS.get(word) ?? SYNONYMS.get(stemmed) ?? SYNONYMS.get(`${stemmed}e`);
  return synonym === undefined ? [stemmed] : synonym.split(' ');
}

/** A web address in a message means "a URL", whatever its words. */
const URL_PATTERN = /\bhttps?:\/\/\S+|\bwww\.\S+/gi;

/** The terms of a text, in order, repeats kept (term frequency matters). */
export function terms(text: string): string[] {
  return words(text.replace(URL_PATTERN, ' url ')).flatMap(termsOf);
}
