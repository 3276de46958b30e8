/**
 * How a message word reads beside its neighbours, where that differs from the word alone: the
 * synonym table turns "add" into `create`, "drive" into `disk` and "forget" into `delete`, which
 * is wrong in "add 17 and 25", "drive to Lyon" and "before I forget". These rules look one or
 * two words around; they apply to messages only, never to tool texts.
 */

/** A person's asides ("I think it's off by one", "before I forget"): no request to think. */
const ASIDE_VERBS: ReadonlySet<string> = new Set(
  'think thought guess suppose believe feel felt wonder forget forgot hope mean bet reckon denke glaube pense crois creo pienso'.split(
    ' ',
  ),
);
/** Who speaks in an aside: the first person only ("can you think it through" is a request). */
const FIRST_PERSON: ReadonlySet<string> = new Set(['i', 'we', 'ich', 'je', 'yo']);
/** "do you think…" asks the listener's opinion. */
const ASKING: ReadonlySet<string> = new Set(['do', 'did', 'don']);
/** What may stand between the speaker and the verb: contractions and negations. */
const BETWEEN: ReadonlySet<string> = new Set([
  'm',
  'd',
  'll',
  've',
  'don',
  'do',
  't',
  'dont',
  'really',
  'just',
  'kind',
  'still',
]);

/** Words that add numbers when numbers stand beside them ("add 3 and 4", "suma 3 y 4"). */
const ADDING: ReadonlySet<string> = new Set([
  'add',
  'adds',
  'addiere',
  'ajoute',
  'ajouter',
  'suma',
  'sumar',
  'sume',
]);

/** Driving somewhere, not a disk: "drive to the airport", "driving from Paris". */
const DRIVING: ReadonlySet<string> = new Set([
  'drive',
  'driving',
  'drove',
  'fahren',
  'conduire',
  'conducir',
]);
const HEADING: ReadonlySet<string> = new Set(
  'to from there home back through around across into toward towards nach von vers jusqu hasta desde'.split(
    ' ',
  ),
);

/** Place names that start with an everyday word, written in lower case ("in new york"). */
const NAMED_AFTER_NEW: ReadonlySet<string> = new Set(
  'york jersey zealand delhi orleans mexico hampshire england brunswick haven caledonia guinea south'.split(
    ' ',
  ),
);
const NEW_WORDS: ReadonlySet<string> = new Set([
  'new',
  'nueva',
  'nuevo',
  'nouvelle',
  'nouveau',
  'neu',
]);

const NUMBER = /^\d/;

/** "log a workout", "log my weight": recording something, not reading logs. */
const LOGGING: ReadonlySet<string> = new Set(['log', 'logging']);
const RECORDED: ReadonlySet<string> = new Set(['a', 'an', 'my', 'this', 'that', 'today', 'todays']);

/** "pull the abstract", "pull up the ticket": fetching, unless a pull request is meant. */
const PULLING: ReadonlySet<string> = new Set(['pull', 'pulling']);
const REQUEST_WORDS: ReadonlySet<string> = new Set(['request', 'requests', 'req', 'reqs']);

/** "I don't have time", "no time to read it": time one lacks, not a clock to ask. */
const LACKING: ReadonlySet<string> = new Set([
  'have',
  'no',
  'enough',
  'spare',
  'much',
  'hab',
  'pas',
  'tengo',
]);
const TIME_WORDS: ReadonlySet<string> = new Set(['time', 'zeit', 'temps', 'tiempo']);

/**
 * The terms a word stands for in its place in the message; `'literal'` for a word that is part
 * of a name (its own stem, no synonym); undefined where the word reads as it does alone. `list`
 * holds the message's words (lower case, in order).
 */
export function termsInContext(
  list: readonly string[],
  index: number,
): string[] | 'literal' | undefined {
  const word = list[index] ?? '';
  const before = list[index - 1] ?? '';
  const after = list[index + 1] ?? '';
  if (ASIDE_VERBS.has(word) && spokenByMe(list, index)) return [];
  if (
    ADDING.has(word) &&
    (NUMBER.test(after) || NUMBER.test(list[index + 2] ?? '') || NUMBER.test(before))
  )
    return ['sum'];
  if (DRIVING.has(word) && (HEADING.has(after) || HEADING.has(list[index + 2] ?? '')))
    return ['direction', 'driving'];
  if (TIME_WORDS.has(word) && LACKING.has(before)) return [];
  if (PULLING.has(word) && !REQUEST_WORDS.has(after)) return ['fetch'];
  if (LOGGING.has(word) && RECORDED.has(after)) return ['create', 'record'];
  if (NEW_WORDS.has(word) && NAMED_AFTER_NEW.has(after)) return 'literal';
  return undefined;
}

function spokenByMe(list: readonly string[], index: number): boolean {
  for (let back = index - 1; back >= 0 && back >= index - 3; back--) {
    const word = list[back] ?? '';
    if (FIRST_PERSON.has(word)) return true;
    // "what do you think", "do you think you could…": asking an opinion, not for reasoning.
    if (word === 'you' && ASKING.has(list[back - 1] ?? '')) return true;
    if (!BETWEEN.has(word)) return false;
  }
  return false;
}
