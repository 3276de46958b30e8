/**
 * Who may talk to the browser host: only a client holding the per-launch token (in the URL's
 * `token` parameter or the cookie set from it), on the expected Host, and for the WebSocket, from
 * the served origin. The token keeps other local users and programs out; the Host check stops DNS
 * rebinding; the Origin check stops other web pages open in the same browser.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const TOKEN_COOKIE = 'hearth_token';

/** 192 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The token a request presents, from the query string first, then the cookie. */
export function presentedToken(request: IncomingMessage): { token?: string; fromQuery: boolean } {
  const url = new URL(request.url ?? '/', 'http://placeholder');
  const fromQuery = url.searchParams.get('token');
  if (fromQuery) return { token: fromQuery, fromQuery: true };
  return { token: readCookie(request.headers.cookie, TOKEN_COOKIE), fromQuery: false };
}

export function tokensMatch(presented: string | undefined, expected: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function tokenCookie(token: string): string {
  return `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
