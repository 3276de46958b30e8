/**
 * OAuth for one remote server, as a fetch wrapper the SDK transport sends every request through:
 * it adds the bearer token and, when the server answers 401 (sign in) or 403 insufficient_scope
 * (step up to a wider scope), runs the SDK's auth() (discovery, registration or client ID
 * metadata document, PKCE, token exchange, refresh), then sends the request again. Asking the
 * user (the browser, a loopback redirect) happens only when allowed: when they chose Sign in, or
 * while the server is in use; otherwise the request fails with SignInRequiredError and the
 * server waits for the user. At most three authorizations per request, and never twice for the
 * same challenge, so a server that always refuses cannot loop. A step-up asks for what was
 * granted before and what the server asks for now together (SEP-2350), and a 401 first checks
 * whether the server now signs in at another authorization server (SEP-2352).
 */
import {
  auth,
  computeScopeUnion,
  extractWWWAuthenticateParams,
  InsecureTokenEndpointError,
  isStrictScopeSuperset,
} from '@modelcontextprotocol/client';
import type { FetchLike } from '@modelcontextprotocol/client';
import type { OAuthSettings } from '../../../../preload/schemas/servers';
import { issuerOf, rediscover, stampedIssuer } from './authorizationServerMove';
import { SignInRequiredError } from './signInRequired';
import { startLoopbackRedirect } from './loopbackRedirect';
import { HearthOAuthProvider } from './provider';
import type { OAuthStore } from './tokenStore';
import { checkAuthorizationPage, checkedFetch, RefusedUrlError } from './urlChecks';

export const MAX_AUTHORIZATIONS_PER_REQUEST = 3;
/** An access token this close to running out is renewed before it is sent. */
export const REFRESH_MARGIN_MS = 30_000;
export const SIGN_IN_TIMEOUT_MS = 5 * 60_000;

export type SignInState = 'required' | 'waiting' | 'signed-in';

export interface ServerAuth {
  /** The fetch the server's transport uses. */
  fetch: FetchLike;
  /**
   * Where sign-in stands (undefined: the server never asked), the page while waiting, and why
   * it asks again when Hearth knows (the sign-in moved to another authorization server).
   */
  state(): { signIn?: SignInState; signInUrl?: string; signInNote?: string };
  /** Signs in now, asking the user in the browser; rejects with the reason it did not work. */
  signIn(): Promise<void>;
  /** Forgets the tokens and the registration of this server. */
  signOut(): void;
  /** Allows (while the server is in use) or forbids asking the user from inside a request. */
  setInUse(inUse: boolean): void;
  /** Ends a sign-in that waits for the browser. */
  cancel(): void;
}

interface Challenge {
  status: 401 | 403;
  header?: string;
  scope?: string;
  resourceMetadataUrl?: URL;
}

export interface ServerAuthOptions {
  server(): string;
  serverUrl(): string;
  settings(): OAuthSettings | undefined;
  /** The user allowed plain http:// to another computer for this server (its sign-in too). */
  allowUnencrypted?(): boolean;
  store: OAuthStore;
  clientVersion: string;
  /** Opens the (already checked) authorization page: the system browser, or the user's tab. */
  openAuthorization(url: string): Promise<void>;
  log(level: 'info' | 'warning', text: string): void;
  /** Sign-in state or its page changed. */
  onChange(): void;
  baseFetch?: FetchLike;
  signInTimeoutMs?: number;
  now?: () => number;
}

export function createServerAuth(options: ServerAuthOptions): ServerAuth {
  const { store, server } = options;
  const base: FetchLike = options.baseFetch ?? ((input, init) => fetch(input, init));
  const provider = new HearthOAuthProvider({
    server,
    settings: options.settings,
    store,
    clientVersion: options.clientVersion,
  });
  let generation = 0;
  let queue: Promise<unknown> = Promise.resolve();
  let lastChallenge: Challenge | undefined;
  /** The scope Hearth last asked for: a step-up adds to it rather than replacing it. */
  let requestedScope: string | undefined;
  /** The sentence saying the sign-in moved, until the user signs in again. */
  let movedNote: string | undefined;
  let required = false;
  let signingIn = false;
  let inUse = false;
  let waitingUrl: string | undefined;
  let abort = new AbortController();
  let signInRun: Promise<void> | undefined;

  const withBearer = (init: RequestInit | undefined): RequestInit => {
    const headers = new Headers(init?.headers);
    const tokens = store.tokens(server());
    if (tokens) headers.set('Authorization', `Bearer ${tokens.access_token}`);
    return { ...init, headers };
  };

  /** Runs one authorization; requests that were sent with older tokens only retry. */
  const authorize = (challenge: Challenge | undefined, sentWith: number | undefined) => {
    const run = queue.then(() =>
      sentWith !== undefined && sentWith !== generation ? undefined : authorizeNow(challenge),
    );
    queue = run.catch(() => undefined);
    return run;
  };

  /** Fetches of the sign-in itself: only addresses Hearth may reach (urlChecks.ts). */
  const signInFetch = () => checkedFetch(base, () => options.allowUnencrypted?.() ?? false);

  /**
   * SEP-2352: a token turned down may mean the server signs in elsewhere now. Then the old
   * tokens and registration are forgotten (they belong to the old authorization server), the
   * user is told in one sentence, and the sign-in that follows registers at the new one.
   */
  const followAuthorizationServer = async (challenge: Challenge) => {
    const recorded =
      stampedIssuer(store.tokens(server())) ??
      stampedIssuer(store.client(server())) ??
      issuerOf(provider.discoveryState());
    if (!recorded) return;
    const found = await rediscover({
      serverUrl: options.serverUrl(),
      resourceMetadataUrl: challenge.resourceMetadataUrl,
      recorded,
      fetchFn: signInFetch(),
    });
    if (!found) return;
    provider.saveDiscoveryState(found.discovery);
    if (!found.moved) return;
    store.forget(server(), ['tokens', 'client']);
    generation++;
    movedNote = `This server now signs in at ${found.moved.to} instead of ${found.moved.from}, so Hearth forgot the old sign-in and signs in there anew.`;
    options.log('warning', movedNote);
    options.onChange();
  };

  const authorizeNow = async (challenge: Challenge | undefined, refreshOnly = false) => {
    if (challenge?.status === 401) await followAuthorizationServer(challenge);
    // Client credentials need nobody: Hearth may sign in whenever the server asks.
    const interactive = !provider.machine && !refreshOnly && (signingIn || inUse);
    if (!interactive && !provider.machine && !store.tokens(server())?.refresh_token) {
      required = true;
      options.onChange();
      throw new SignInRequiredError(server());
    }
    const loopback = interactive
      ? await startLoopbackRedirect({
          server: server(),
          timeoutMs: options.signInTimeoutMs ?? SIGN_IN_TIMEOUT_MS,
          signal: abort.signal,
        })
      : undefined;
    provider.flow = loopback && {
      loopback,
      open: async (url) => {
        const check = checkAuthorizationPage(url);
        if (!check.ok) throw new RefusedUrlError(check.reason);
        waitingUrl = check.url.href;
        options.onChange();
        options.log('info', 'Waiting for you to sign in in the browser.');
        await options.openAuthorization(check.url.href);
      },
    };
    // SEP-2350: what was asked for before, what the token holds and what is challenged now,
    // each once. A refresh cannot widen a grant (RFC 6749 §6), so a wider scope asks anew.
    const granted = store.tokens(server())?.scope;
    const scope =
      challenge?.status === 403
        ? computeScopeUnion(requestedScope, granted, challenge.scope)
        : computeScopeUnion(requestedScope, challenge?.scope);
    const request = {
      serverUrl: options.serverUrl(),
      resourceMetadataUrl: challenge?.resourceMetadataUrl,
      scope,
      forceReauthorization: challenge?.status === 403 && isStrictScopeSuperset(scope, granted),
      fetchFn: signInFetch(),
    };
    try {
      let result = await auth(provider, request);
      if (result === 'REDIRECT' && loopback) {
        const answer = await loopback.code;
        // The answer's `iss` is checked against the authorization server Hearth asked.
        result = await auth(provider, {
          ...request,
          authorizationCode: answer.code,
          ...(answer.iss === undefined ? {} : { iss: answer.iss }),
        });
      }
      if (result !== 'AUTHORIZED') throw new SignInRequiredError(server());
      generation++;
      required = false;
      requestedScope = scope;
      movedNote = undefined;
      options.log(
        'info',
        challenge?.status === 403
          ? `Signed in again with the wider access the server asked for (${scope ?? 'more scopes'}).`
          : loopback || provider.machine
            ? 'Signed in.'
            : 'Renewed the sign-in.',
      );
    } catch (caught) {
      // The SDK refuses a token endpoint that is not https itself; said in Hearth's words.
      const error =
        caught instanceof InsecureTokenEndpointError
          ? new RefusedUrlError(`${caught.tokenEndpoint} is not an https address.`)
          : caught;
      if (!(error instanceof SignInRequiredError))
        options.log('warning', `Sign-in failed: ${(error as Error).message}`);
      // A renewal ahead of time that failed is not yet a reason to ask: the server may still
      // take the token, and its 401 says otherwise.
      if (!refreshOnly) required = true;
      throw error;
    } finally {
      provider.flow = undefined;
      waitingUrl = undefined;
      loopback?.close();
      options.onChange();
    }
  };

  /** Renews an access token about to run out; a failure is left to the server's 401. */
  const refreshIfDue = async () => {
    const expiresAt = store.expiresAt(server());
    const now = (options.now ?? Date.now)();
    if (expiresAt === undefined || expiresAt - REFRESH_MARGIN_MS > now) return;
    if (!store.tokens(server())?.refresh_token) return;
    const sentWith = generation;
    const run = queue.then(() =>
      sentWith !== generation ? undefined : authorizeNow(undefined, true),
    );
    queue = run.catch(() => undefined);
    await run.catch(() => undefined);
  };

  const authFetch: FetchLike = async (input, init) => {
    await refreshIfDue();
    const tried = new Set<string>();
    for (let round = 0; ; round++) {
      const sentWith = generation;
      const response = await base(input, withBearer(init));
      const challenge = challengeOf(response);
      if (!challenge || round >= MAX_AUTHORIZATIONS_PER_REQUEST) return response;
      // The same refusal again after an authorization: asking once more would not change it.
      const key = `${challenge.status} ${challenge.header ?? ''}`;
      if (round > 0 && tried.has(key)) return response;
      tried.add(key);
      lastChallenge = challenge;
      await response.body?.cancel().catch(() => undefined);
      await authorize(challenge, challenge.status === 403 ? undefined : sentWith);
    }
  };

  return {
    fetch: authFetch,
    state() {
      const signIn: SignInState | undefined = waitingUrl
        ? 'waiting'
        : required
          ? 'required'
          : store.tokens(server())
            ? 'signed-in'
            : undefined;
      return {
        ...(signIn ? { signIn } : {}),
        ...(waitingUrl ? { signInUrl: waitingUrl } : {}),
        ...(signIn === 'required' && movedNote ? { signInNote: movedNote } : {}),
      };
    },
    signIn() {
      // A second click while the browser is open joins the sign-in under way.
      signInRun ??= (async () => {
        signingIn = true;
        try {
          await authorize(lastChallenge?.status === 401 ? lastChallenge : undefined, undefined);
        } finally {
          signingIn = false;
          signInRun = undefined;
        }
      })();
      return signInRun;
    },
    signOut() {
      store.forget(server(), ['tokens', 'client']);
      provider.invalidateCredentials('discovery');
      generation++;
      movedNote = undefined;
      required = true;
      options.log('info', 'Signed out: the tokens were deleted.');
      options.onChange();
    },
    setInUse(value) {
      inUse = value;
    },
    cancel() {
      abort.abort();
      // The next sign-in starts with a fresh signal.
      abort = new AbortController();
    },
  };
}

/** A 401, or a 403 that asks for a wider scope, with what its WWW-Authenticate header says. */
function challengeOf(response: Response): Challenge | undefined {
  if (response.status !== 401 && response.status !== 403) return undefined;
  const { resourceMetadataUrl, scope, error } = extractWWWAuthenticateParams(response);
  if (response.status === 403 && error !== 'insufficient_scope') return undefined;
  return {
    status: response.status,
    header: response.headers.get('WWW-Authenticate') ?? undefined,
    scope,
    resourceMetadataUrl,
  };
}
