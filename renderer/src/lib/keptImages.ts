/**
 * Where the page reads an image Hearth keeps for the user: its own origin at `/files/<sha256>`
 * (the browser host and the desktop app's protocol serve it), so the bytes never cross the bridge.
 */
export function keptImageUrl(sha256: string): string {
  return `/files/${sha256}`;
}
