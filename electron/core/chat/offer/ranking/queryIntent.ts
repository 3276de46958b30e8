/**
 * What a message's form says beyond its words: an issue key such as `OPS-311` is about an issue
 * in a tracker, though the message may not say "issue", and trackers' tools take keys
 * (`issueIdOrKey`); a web address is a page to fetch ("read this: https://…", "what does
 * https://… say"), though the message may only say "read" or "say"; a pair of decimal degrees
 * (`40.7128,-74.0060`) is a coordinate; an airline's code and a number (`UA 857`, `BA117`) is a
 * flight. These add terms; they never remove any.
 * (Reading questions — "which…", "how many…" — adding `get`/`list` was tried: no gain.)
 */
/** A tracker's issue key: a project's capitals, a dash, a number (`OPS-311`, `ENG-42`). */
const ISSUE_KEY = /\b([A-Z][A-Z0-9]{1,9})-\d{1,7}\b/g;
/** Names of standards and algorithms written the same way (`SHA-256`, `UTF-8`, `ISO-8601`). */
const NOT_TRACKERS: ReadonlySet<string> = new Set(
  'SHA MD AES RSA UTF ISO RFC IEEE CVE CWE GPT TLS SSL HTTP WPA COVID SARS ECMA ES IPV PEP'.split(
    ' ',
  ),
);
/** A web address, as textTerms reads it ("URL"). */
const WEB_ADDRESS = /\bhttps?:\/\/\S|\bwww\.\S/i;
/** A Kubernetes manifest: its `apiVersion` and `kind` keys. */
const MANIFEST = /^\s*apiVersion:\s*\S+[\s\S]*^\s*kind:\s*\w+/m;
/** Latitude and longitude in decimal degrees, comma-separated. */
const DECIMAL_DEGREES = /(?<![\d.])-?\d{1,3}\.\d{2,}\s*,\s*-?\d{1,3}\.\d{2,}(?![\d.])/;
/**
 * An IATA airline designator and a flight number: two letters (`LH400`, `UA 857`), or a letter
 * and a digit followed by a space (`U2 8421`; written together they read as IDs such as `U123`).
 */
const FLIGHT_NUMBER = /\b([A-Z]{2} ?|[A-Z]\d |\d[A-Z] )\d{1,4}(?![\d.,:/-])/g;
/**
 * Codes before a number that name other things: pull requests, products, places, quarters,
 * halves and priorities.
 */
const NOT_AIRLINES: ReadonlySet<string> = new Set(
  `PR MR ID IP OS PC TV CV PS MP HD UI UX QA VS US UK EU UN AI ML DB JS TS CI CD OK IT NO ON IN AT
  TO OR Q1 Q2 Q3 Q4 H1 H2 P0 P1 P2 P3 P4`.split(/\s+/),
);

/** Words the message's form adds, to be read as terms like the message's own. */
export function intentWords(message: string): string[] {
  return [
    ...(namesIssue(message) ? ['issue', 'key'] : []),
    ...(WEB_ADDRESS.test(message) ? ['fetch'] : []),
    ...(MANIFEST.test(message) ? ['kubernetes', 'manifest'] : []),
    ...(DECIMAL_DEGREES.test(message) ? ['coordinate'] : []),
    ...(namesFlight(message) ? ['flight'] : []),
  ];
}

function namesIssue(message: string): boolean {
  for (const [, project = ''] of message.matchAll(ISSUE_KEY))
    if (!NOT_TRACKERS.has(project)) return true;
  return false;
}

function namesFlight(message: string): boolean {
  for (const [, airline = ''] of message.matchAll(FLIGHT_NUMBER))
    if (!NOT_AIRLINES.has(airline.trim())) return true;
  return false;
}
