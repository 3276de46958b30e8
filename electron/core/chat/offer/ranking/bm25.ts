/**
 * BM25 over tool definitions, with field weights (a word in the tool's name says more than one
 * in a parameter's description) and typo tolerance: a message word the tools never use is
 * matched to tool words one or two edits away. Built once per tool set, queried per message.
 */
import { cjkNames, stem, terms, words } from './textTerms';
import { intentWords } from './queryIntent';
import { serverNameWords, toolFields, type RankableTool } from './toolText';

/** Standard BM25 constants (Robertson and Zaragoza): term saturation and length normalisation. */
const K1 = 1.2;
const B = 0.75;
/**
 * Lengths count up to this many times the average: past it, a tool with a long manual of a
 * description (several MCP servers write pages) would lose every word it shares with a message.
 */
const MAX_LENGTH_RATIO = 1.5;
/**
 * Name words count most (the name is the tool's own summary), parameters less; the server's name
 * and notes are context shared by all its tools, so they count least. Notes (a server's
 * `instructions`) can be pages long: above 0.1 they drowned the tools' own words on the tuning
 * part; at 0.1 they change no ranking there, and stay as context for servers that explain
 * themselves.
 */
const FIELD_WEIGHTS = {
  name: 3,
  description: 1,
  parameters: 0.25,
  server: 0.3,
  notes: 0.1,
} as const;
/** Added to the tools of a server the message names ("…in jira", "google it"). */
const MENTION_BONUS = 4;
/**
 * A word of a server's longer name is a common word, naming nothing, when the tools of more than
 * this share of the other servers use it: "search" in "brave-search" ("search the products
 * index" is no request for Brave), but not "brave" or "google".
 */
const COMMON_NAME_WORD_SHARE = 0.1;
/** A message word this long that starts a server's name names it (`elastic`, `elasticsearch`). */
const MIN_PREFIX_MENTION = 4;
/** A word matched only by spelling counts less than an exact match. */
const TYPO_WEIGHT = 0.7;
/** Shorter words have too many one-edit neighbours to guess from. */
const MIN_TYPO_LENGTH = 5;

export interface Bm25Index {
  readonly size: number;
  /** A score per tool, in the order the tools were given; 0 where nothing matched. */
  score(query: string): number[];
}

/** Indexes the tools; cheap enough to rebuild when the tool set changes. */
export function buildBm25Index(tools: readonly RankableTool[]): Bm25Index {
  const postings = new Map<string, { doc: number; tf: number }[]>();
  const lengths: number[] = [];
  // One set of keys per server, shared by its tools.
  const keysByServer = new Map<string, ServerKeys | undefined>();
  const servers = tools.map((tool) => {
    const server = tool.server ?? '';
    if (!keysByServer.has(server)) keysByServer.set(server, serverKeys(server));
    return keysByServer.get(server);
  });
  /** Each tool's terms without its server's name and notes. */
  const ownTerms: ReadonlySet<string>[] = [];
  tools.forEach((tool, doc) => {
    const fields = toolFields(tool);
    const own = new Set<string>();
    const frequencies = new Map<string, number>();
    let length = 0;
    for (const [field, weight] of Object.entries(FIELD_WEIGHTS)) {
      for (const term of terms(fields[field as keyof typeof FIELD_WEIGHTS])) {
        frequencies.set(term, (frequencies.get(term) ?? 0) + weight);
        length += weight;
        if (field !== 'server' && field !== 'notes') own.add(term);
      }
    }
    ownTerms.push(own);
    lengths.push(length);
    for (const [term, tf] of frequencies) {
      const list = postings.get(term) ?? [];
      list.push({ doc, tf });
      postings.set(term, list);
    }
  });
  namingParts(tools, keysByServer, ownTerms);
  const averageLength = lengths.reduce((sum, length) => sum + length, 0) / (tools.length || 1);
  const vocabulary = [...postings.keys()];
  const idf = (term: string) => {
    const df = postings.get(term)?.length ?? 0;
    return Math.log(1 + (tools.length - df + 0.5) / (df + 0.5));
  };

  return {
    size: tools.length,
    score(query) {
      const scores = new Array<number>(tools.length).fill(0);
      const matched = new Array<number>(tools.length).fill(0);
      const ownMatched = new Array<number>(tools.length).fill(0);
      const queryTerms = countTerms([
        ...terms(query, { names: true }),
        ...terms(intentWords(query).join(' ')),
      ]);
      const queryWords = words(query);
      const wordSet = new Set([...queryWords, ...cjkNames(query)]);
      // "box plot" finds `boxplot`: two message words written as one in the tools.
      for (let index = 0; index + 1 < queryWords.length; index++) {
        const joined = stem(`${queryWords[index]}${queryWords[index + 1]}`);
        if (postings.has(joined)) queryTerms.set(joined, 1);
      }
      for (const [term, count] of queryTerms) {
        const matches = postings.has(term)
          ? [{ term, weight: 1 }]
          : nearSpellings(term, vocabulary).map((near) => ({ term: near, weight: TYPO_WEIGHT }));
        if (matches.length === 0) matches.push(...splitInTwo(term, postings));
        for (const match of matches) {
          const termIdf = idf(match.term) * match.weight * count;
          for (const { doc, tf } of postings.get(match.term) ?? []) {
            const length = Math.min(lengths[doc] ?? 0, MAX_LENGTH_RATIO * averageLength);
            const norm = K1 * (1 - B + (B * length) / (averageLength || 1));
            scores[doc] = (scores[doc] ?? 0) + (termIdf * (tf * (K1 + 1))) / (tf + norm);
            matched[doc] = (matched[doc] ?? 0) + 1;
            if (ownTerms[doc]?.has(match.term)) ownMatched[doc] = (ownMatched[doc] ?? 0) + 1;
          }
        }
      }
      // Coordination: a tool that answers more of the message's words beats one that repeats one.
      const distinct = queryTerms.size || 1;
      const named = new Map<string, boolean>();
      return scores.map((score, doc) => {
        const keys = servers[doc];
        let bonus = 0;
        if (keys) {
          let mentioned = named.get(keys.whole);
          if (mentioned === undefined) named.set(keys.whole, (mentioned = mentions(wordSet, keys)));
          // Naming a server helps its tools that answer the message, not every one of them:
          // "forget everything about Bob" is no request for the server called "everything".
          if (mentioned && (ownMatched[doc] ?? 0) > 0) bonus = MENTION_BONUS;
        }
        return score * (0.5 + (0.5 * (matched[doc] ?? 0)) / distinct) + bonus;
      });
    },
  };
}

interface ServerKeys {
  whole: string;
  parts: string[];
  /** The parts that name the server alone (set once the catalog is indexed). */
  naming: string[];
}

function serverKeys(server: string | undefined): ServerKeys | undefined {
  const parts = serverNameWords(server);
  if (parts.length === 0) return undefined;
  return { whole: parts.join(''), parts, naming: parts };
}

/**
 * Which words of each server's name name it alone: all of a one-word name; of a longer name,
 * those the other servers' tools seldom use (COMMON_NAME_WORD_SHARE).
 */
function namingParts(
  tools: readonly RankableTool[],
  keysByServer: ReadonlyMap<string, ServerKeys | undefined>,
  ownTerms: readonly ReadonlySet<string>[],
): void {
  const usedBy = new Map<string, Set<string>>();
  tools.forEach((tool, doc) => {
    for (const term of ownTerms[doc] ?? []) {
      let users = usedBy.get(term);
      if (!users) usedBy.set(term, (users = new Set()));
      users.add(tool.server ?? '');
    }
  });
  const named = [...keysByServer].filter(([, keys]) => keys !== undefined).length;
  for (const [server, keys] of keysByServer) {
    if (!keys || keys.parts.length < 2) continue;
    keys.naming = keys.parts.filter((part) => {
      let others = 0;
      for (const user of usedBy.get(stem(part)) ?? []) {
        // Servers whose own names hold the word too ("brave-search", "server-brave-search").
        if (user !== server && !keysByServer.get(user)?.parts.includes(part)) others++;
      }
      return others <= COMMON_NAME_WORD_SHARE * named;
    });
  }
}

/** Whether the message names the server: one of its words, or the start of its name. */
function mentions(queryWords: ReadonlySet<string>, keys: ServerKeys): boolean {
  if (keys.naming.some((part) => part.length >= 3 && queryWords.has(part))) return true;
  if (queryWords.has(keys.whole)) return true;
  for (const word of queryWords) {
    // "google" names "googlesearch", but "file" is no name for "filesystem".
    if (
      word.length >= MIN_PREFIX_MENTION &&
      word.length * 2 >= keys.whole.length &&
      keys.whole.startsWith(word)
    )
      return true;
    // "jirra", "perplexty": one slip in the server's name still names it.
    if (word.length >= MIN_TYPO_LENGTH && editDistance(word, keys.whole, 1) <= 1) return true;
  }
  return false;
}

/** Shortest half of a word split in two ("flowchart" → flow + chart). */
const MIN_PART = 3;

/** A word the tools write as two ("flowchart" → `flow`, `chart`), each counting as a typo match. */
function splitInTwo(term: string, postings: ReadonlyMap<string, unknown>) {
  for (let cut = MIN_PART; cut <= term.length - MIN_PART; cut++) {
    const head = term.slice(0, cut);
    const tail = stem(term.slice(cut));
    if (postings.has(head) && postings.has(tail))
      return [
        { term: head, weight: TYPO_WEIGHT },
        { term: tail, weight: TYPO_WEIGHT },
      ];
  }
  return [];
}

function countTerms(list: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of list) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/** Tool words within one edit (two for long words) of a word no tool uses; the closest only. */
export function nearSpellings(word: string, vocabulary: readonly string[]): string[] {
  if (word.length < MIN_TYPO_LENGTH) return [];
  const limit = word.length >= 8 ? 2 : 1;
  let best = limit + 1;
  let found: string[] = [];
  for (const candidate of vocabulary) {
    if (Math.abs(candidate.length - word.length) > limit) continue;
    const distance = editDistance(word, candidate, limit);
    if (distance > limit) continue;
    if (distance < best) {
      best = distance;
      found = [candidate];
    } else if (distance === best) found.push(candidate);
  }
  return found;
}

/** Optimal string alignment distance (swaps count once), giving up past `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  let previousPrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (previousPrevious[j - 2] ?? 0) + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previousPrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}
