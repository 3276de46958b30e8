/**
 * What an HTTP header value may hold. The Fetch standard's "header value" has no NUL, CR or LF
 * (https://fetch.spec.whatwg.org/#header-value), and fetch throws on one when it sends the request:
 * checked when a server is saved, so the user hears it then, not at each connect.
 */

/** Why `value` cannot be a header value, in words; undefined when it can. */
export function headerValueProblem(value: string): string | undefined {
  if (/[\r\n]/.test(value))
    return 'A header value is a single line: remove the line break from it.';
  if (value.includes('\0')) return 'A header value cannot hold a NUL character: remove it.';
  return undefined;
}
