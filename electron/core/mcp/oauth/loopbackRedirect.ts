/**
 * The redirect end of a sign-in: a one-shot HTTP server on 127.0.0.1 (an ephemeral port, as
 * RFC 8252 recommends for native apps) that takes the authorization server's redirect, checks
 * its `state`, and hands over the code. It answers the browser with a short page and closes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface LoopbackRedirect {
  /** `http://127.0.0.1:PORT/callback`, the redirect URI of this sign-in. */
  redirectUrl: string;
  /** The `state` this sign-in sends; a redirect carrying another one is refused. */
  state: string;
  /**
   * Resolves with the code once the browser comes back, and the issuer the answer names (`iss`,
   * RFC 9207) when it names one; rejects on refusal, timeout or abort.
   */
  code: Promise<AuthorizationAnswer>;
  close(): void;
}

export interface AuthorizationAnswer {
  code: string;
  /** The authorization server that answered, checked against the one asked (mix-up attacks). */
  iss?: string;
}

export const CALLBACK_PATH = '/callback';

export async function startLoopbackRedirect(options: {
  /** Shown in the page the browser lands on. */
  server: string;
  timeoutMs: number;
  signal?: AbortSignal;
}): Promise<LoopbackRedirect> {
  const state = randomBytes(24).toString('base64url');
  let resolveCode: (answer: AuthorizationAnswer) => void = () => undefined;
  let rejectCode: (error: Error) => void = () => undefined;
  const code = new Promise<AuthorizationAnswer>((resolve, reject) => {
    resolveCode = resolve;
    rejectCode = reject;
  });
  // Nobody may be waiting yet when it fails; the caller still sees the rejection.
  code.catch(() => undefined);

  const http = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
      response.writeHead(404).end();
      return;
    }
    const params = url.searchParams;
    if (params.get('state') !== state) {
      // Not this sign-in's answer (or a forged one): refused, and the sign-in keeps waiting.
      page(response, 400, 'This sign-in link does not belong to the sign-in Hearth started.');
      return;
    }
    const error = params.get('error');
    if (error) {
      const description = params.get('error_description') ?? error;
      page(response, 400, `Sign-in failed: ${description}. You can close this tab.`);
      rejectCode(new Error(`The sign-in was refused: ${description}.`));
      return;
    }
    const received = params.get('code');
    if (!received) {
      page(response, 400, 'The sign-in came back without a code.');
      return;
    }
    page(response, 200, `Signed in to “${options.server}”. You can close this tab.`);
    const iss = params.get('iss');
    resolveCode({ code: received, ...(iss === null ? {} : { iss }) });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const minutes = Math.max(1, Math.round(options.timeoutMs / 60_000));
  const timer = setTimeout(
    () => rejectCode(new Error(`The sign-in was not finished within ${minutes} minutes.`)),
    options.timeoutMs,
  );
  const onAbort = () => rejectCode(new Error('The sign-in was cancelled.'));
  options.signal?.addEventListener('abort', onAbort, { once: true });
  return {
    redirectUrl: `http://127.0.0.1:${port}${CALLBACK_PATH}`,
    state,
    code,
    close() {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      rejectCode(new Error('The sign-in was closed.'));
      http.closeAllConnections();
      http.close();
    },
  };
}

function page(response: ServerResponse, status: number, text: string): void {
  const escaped = text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
  response
    .writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'",
    })
    .end(`<!doctype html><meta charset="utf-8"><title>Hearth</title><p>${escaped}</p>`);
}
