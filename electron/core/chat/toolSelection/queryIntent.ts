/**
 * What a message's form says beyond its words: an issue key such as `OPS-311` is about an issue
 * in a tracker, though the message may not say "issue", and trackers' tools take keys
 * (`issueIdOrKey`); a web address is a page to fetch ("read this: https://…", "what does
 * https://… say"), though the message may only say "read" or "say". These add terms; they never
 * remove any.
 * (Reading questions — "which…", "how many…" — adding `get`/`list` was tried: no gain.)
 */
/** A tracker's issue key: a project's capitals, a dash, a number (`OPS-311`, `ENG-42`). */
const ISSUE_KEY = /\b[A-Z][A-Z0-9]{1,9}-\d{1,7}\b/;
/** A web address, as textTerms reads it ("URL"). */
const WEB_ADDRESS = /\bhttps?:\/\/\S|\bwww\.\S/i;

/** Words the message's form adds, to be read as terms like the message's own. */
export function intentWords(message: string): string[] {
  return [
    ...(ISSUE_KEY.test(message) ? ['issue', 'key'] : []),
    ...(WEB_ADDRESS.test(message) ? ['fetch'] : []),
  ];
}
