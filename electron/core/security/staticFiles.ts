/**
 * Maps a request path to a file inside the built renderer folder, refusing anything that would
 * step outside it (`..`, encoded separators, NUL bytes). Used by the desktop app's `app://`
 * protocol, which serves the pages instead of `file://` so they have a real origin.
 */
import { resolve, sep } from 'node:path';

/** The absolute path for `pathname` inside `root`, or undefined when it falls outside. */
export function resolveInside(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const base = resolve(root);
  const target = resolve(base, relative);
  return target.startsWith(base + sep) ? target : undefined;
}
