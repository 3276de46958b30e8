/**
 * Which links may leave the app for the system browser. Only `https:` (and `http:` to this
 * computer) pass; `file:`, `smb:`, `ms-*:`, custom schemes and UNC paths can start programs or
 * leak credentials on some systems, so they are refused with a reason the user can read.
 */
import { MAX_URL_LENGTH } from '../../../preload/contract';
import { isLoopbackHost } from './origins';

export type LinkCheck = { ok: true; url: string } | { ok: false; reason: string };

/** Checks a link the renderer, a page or a server asked to open. */
export function checkExternalUrl(raw: string): LinkCheck {
  const candidate = raw.trim();
  if (candidate.length === 0) return refuse('The link is empty.');
  if (candidate.length > MAX_URL_LENGTH) {
    return refuse(`The link is longer than ${MAX_URL_LENGTH} characters, so it was not opened.`);
  }
  // Markdown percent-encodes backslashes: `\\host\share` arrives as `%5C%5Chost%5Cshare`.
  if (isNetworkPath(candidate) || isNetworkPath(percentDecoded(candidate))) {
    return refuse('Network paths (\\\\server\\share) are not opened from Hearth.');
  }
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return refuse('This is not a complete web address, so it was not opened.');
  }
  if (url.username || url.password) {
    return refuse('The link carries a user name or password, so it was not opened.');
  }
  // Percent-encoding can make the normalised link several times longer than what was typed.
  if (url.href.length > MAX_URL_LENGTH) {
    return refuse(
      `The link is longer than ${MAX_URL_LENGTH} characters once encoded, so it was not opened.`,
    );
  }
  if (url.protocol === 'https:') return { ok: true, url: url.href };
  if (url.protocol === 'http:') {
    if (isLoopbackHost(url.hostname)) return { ok: true, url: url.href };
    return refuse(
      `Hearth opens plain http: links only to this computer. Use the https: address of ${url.hostname} instead.`,
    );
  }
  return refuse(
    `Hearth opens only https: links; this one uses “${url.protocol}”, so it was not opened.`,
  );
}

function isNetworkPath(text: string): boolean {
  return /^[\\/]{2}/.test(text) || text.startsWith('\\');
}

function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text).trim();
  } catch {
    return text;
  }
}

function refuse(reason: string): LinkCheck {
  return { ok: false, reason };
}
