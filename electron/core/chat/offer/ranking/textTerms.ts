/**
 * Turns tool definitions and user messages into comparable terms for lexical ranking:
 * identifiers split at camelCase, snake_case and kebab-case, accents folded, common words of
 * English, German, French and Spanish dropped, words reduced to their Snowball stem, Chinese and
 * Japanese read as single characters and overlapping character pairs (they have no spaces
 * between words), and a small
 * table of synonyms that maps everyday and non-English words onto the words tool descriptions
 * use. See bench/toolSelection/README.md for how the table is kept honest.
 */
import { stemmer as englishStem } from '@orama/stemmers/english';
import { stemmer as frenchStem } from '@orama/stemmers/french';
import { stemmer as germanStem } from '@orama/stemmers/german';
import { stemmer as spanishStem } from '@orama/stemmers/spanish';
import { CJK_NAMES, CJK_STOP_CHARS, CJK_SYNONYMS, STOP_WORDS, SYNONYMS } from './vocabulary';
import { termsInContext } from './wordContext';

/** Han, kana and the long-vowel mark: scripts written without spaces between words. */
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u;
/** A word such as `hevyで今月` splits where the script changes. */
const SCRIPT_RUNS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]+/gu;
const HIRAGANA_ONLY = /^[\p{Script=Hiragana}\u30fc]+$/u;
const HAN_CHAR = /\p{Script=Han}/u;

function fold(text: string): string {
  return (
    text
      // getFileInfo → get File Info; HTTPServer → HTTP Server
      .replace(/([\p{Ll}\d])(\p{Lu})/gu, '$1 $2')
      .replace(/(\p{Lu})(\p{Lu}\p{Ll}{2,})/gu, '$1 $2')
      .replace(/ß/g, 'ss')
      // Composed again after dropping accents, so kana keep their voicing marks.
      .normalize('NFD')
      .replace(/(?<=[a-zA-Z])\p{M}+/gu, '')
      .normalize('NFC')
      .toLowerCase()
  );
}

/** Splits identifiers and text into lowercase words without accents; CJK runs stay whole. */
export function words(text: string): string[] {
  return (fold(text).match(/[\p{L}\p{N}]+/gu) ?? []).flatMap(
    (word) => word.match(SCRIPT_RUNS) ?? [],
  );
}

/** The Latin names of services a text writes in Chinese or Japanese (谷歌 → google). */
export function cjkNames(text: string): string[] {
  if (!CJK_CHAR.test(text)) return [];
  return [...CJK_NAMES].filter(([variant]) => text.includes(variant)).map(([, name]) => name);
}

const stems = new Map<string, string>();

/** The word's English Snowball stem (tool texts are mostly English), cached. */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = englishStem(word);
    if (stems.size > 50_000) stems.clear();
    stems.set(word, stemmed);
  }
  return stemmed;
}

const STEMMERS = [englishStem, germanStem, frenchStem, spanishStem] as const;

/** Synonym table variants by their stem in each language, so inflected forms find them too. */
const STEMMED_SYNONYMS: readonly ReadonlyMap<string, string>[] = STEMMERS.map((stemmer) => {
  const table = new Map<string, string>();
  for (const [variant, canonical] of SYNONYMS) {
    const key = stemmer(variant);
    if (variant.length > 3 && key.length > 3 && !table.has(key)) table.set(key, canonical);
  }
  return table;
});

/** Words seen before → their synonym ('' for none): tool texts repeat the same words. */
const synonymCache = new Map<string, string>();

function synonymOf(word: string): string | undefined {
  const exact = SYNONYMS.get(word);
  if (exact !== undefined || word.length <= 3) return exact;
  let cached = synonymCache.get(word);
  if (cached === undefined) {
    cached = stemmedSynonymOf(word) ?? '';
    if (synonymCache.size > 50_000) synonymCache.clear();
    synonymCache.set(word, cached);
  }
  return cached || undefined;
}

function stemmedSynonymOf(word: string): string | undefined {
  for (const [index, stemmer] of STEMMERS.entries()) {
    const key = stemmer(word);
    // Another language's stemmer only for a word it inflects: "record" is no form of "recordar".
    if (index > 0 && key === word) continue;
    const found = STEMMED_SYNONYMS[index]?.get(key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The terms a word counts as: its synonym group's (some shell words stand for two), else its
 * stem; none for a common word. A name (`expand` false: a capitalised word inside a sentence,
 * as in "New York") keeps its own stem and is not expanded into an action.
 */
export function termsOf(word: string, expand = true): string[] {
  if (STOP_WORDS.has(word)) return [];
  const synonym = expand ? synonymOf(word) : undefined;
  return synonym === undefined ? [stem(word)] : synonym.split(' ');
}

/**
 * A CJK run's terms: the table's words found inside it, its overlapping character pairs, and its
 * single Han characters but for function characters (one-character words such as 搜 "search" or
 * 查 "look up" share no pair with 搜索 or 查询; unigrams with bigrams is the usual remedy).
 */
function cjkTerms(run: string): string[] {
  // A service's name counts as its Latin name would (stemmed, with its synonyms).
  const found = cjkNames(run).flatMap((name) => termsOf(name));
  for (const [variant, canonical] of CJK_SYNONYMS)
    if (run.includes(variant)) found.push(...words(canonical).flatMap((word) => termsOf(word)));
  for (const char of run) if (HAN_CHAR.test(char) && !CJK_STOP_CHARS.has(char)) found.push(char);
  for (let index = 0; index + 2 <= run.length; index++) {
    const pair = run.slice(index, index + 2);
    // Pairs of hiragana are mostly particles and endings (して, ので), not content.
    if (!HIRAGANA_ONLY.test(pair)) found.push(pair);
  }
  return found;
}

const NUMBER_ONLY = /^\d+$/;

/** A web address in a message means "a URL", whatever its words. */
const URL_PATTERN = /\bhttps?:\/\/\S+|\bwww\.\S+/gi;

/**
 * Capitalised words after the first of a sentence: names, not actions ("…in New York", "Drive").
 * A sentence's first word too when the next is capitalised ("New York weather"), unless most of
 * the sentence is (a title-case message says nothing about names).
 */
function properNames(text: string): Set<string> {
  const names = new Set<string>();
  const capitalised = (token: string | undefined) => !!token && /^\p{Lu}\p{Ll}/u.test(token);
  for (const sentence of text.split(/[.!?。！？\n]+/)) {
    const tokens = sentence.match(/[\p{L}\p{N}]+/gu) ?? [];
    const titleCase = tokens.filter((token) => capitalised(token)).length * 2 > tokens.length;
    if (titleCase) continue;
    tokens.forEach((token, index) => {
      if (capitalised(token) && (index > 0 || capitalised(tokens[1]))) names.add(fold(token));
    });
  }
  return names;
}

/**
 * The terms of a text, in order, repeats kept (term frequency matters). A message (`names`)
 * is also read for names and for words that mean something else beside their neighbours.
 */
export function terms(text: string, options: { names?: boolean } = {}): string[] {
  const plain = text.replace(URL_PATTERN, ' url ');
  const list = words(plain);
  if (!options.names)
    return list.flatMap((word) => (CJK_CHAR.test(word) ? cjkTerms(word) : termsOf(word)));
  const names = properNames(plain);
  return list.flatMap((word, index) => {
    // A bare number in a message is a value (an id, a count, an amount), no word of a tool.
    if (NUMBER_ONLY.test(word)) return [];
    if (CJK_CHAR.test(word)) return cjkTerms(word);
    const inContext = termsInContext(list, index);
    if (inContext === 'literal') return termsOf(word, false);
    return inContext ?? termsOf(word, !names.has(word));
  });
}
