/**
 * Text for seeded histories: words drawn with a Zipf-like skew from a fixed vocabulary (common
 * words often, rare ones seldom, as in real writing), so full-text search meets both kinds.
 */
const COMMON = `the of and to in is that it for on with as was at by an be this from or have are
not but what all were when we there can more if out so about up one would their into time only
file note server tool result error build test data list project meeting draft report invoice
weather forecast calendar repository issue branch commit deploy image photo music recipe`.split(
  /\s+/,
);

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'su',
  'ra',
  'vo',
  'ti',
  'pe',
  'zu',
  'ga',
  'do',
  'fi',
  'ho',
  'ju',
  'be',
];

/** 3,000 made-up rarer words, the same every run. */
const RARE = Array.from({ length: 3_000 }, (_, index) => {
  let word = '';
  let rest = index + 17;
  for (let part = 0; part < 3; part++) {
    word += SYLLABLES[rest % SYLLABLES.length];
    rest = Math.floor(rest / SYLLABLES.length) + part * 7;
  }
  return `${word}${index % 10}`;
});

const VOCABULARY = [...COMMON, ...RARE];

function pick(random: () => number): string {
  // Zipf-like: the k-th word is chosen about 1/k as often as the first.
  const rank = Math.floor(Math.exp(random() * Math.log(VOCABULARY.length)));
  return VOCABULARY[Math.min(VOCABULARY.length - 1, rank - 1)] ?? 'note';
}

/** `count` words separated by spaces. */
export function words(random: () => number, count: number): string {
  const out: string[] = [];
  for (let index = 0; index < count; index++) out.push(pick(random));
  return out.join(' ');
}

/** A sentence of `count` words with a capital first letter. */
export function sentence(random: () => number, count: number): string {
  const text = words(random, count);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
