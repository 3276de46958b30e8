/**
 * Words about the OS sandbox that main (errors, logs, tool results) and the page (notices, the
 * approval) both write, so they say it the same way.
 */

/** "socat is missing", "bubblewrap (bwrap) and socat are missing". */
export function whatIsMissing(missing: string): string {
  return `${missing} ${/ and /.test(missing) ? 'are' : 'is'} missing`;
}
