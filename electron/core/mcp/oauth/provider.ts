/**
 * Hearth's OAuthClientProvider: what the SDK's auth() asks a client for (redirect URI, client
 * metadata, stored registration and tokens, PKCE verifier) and the one thing it asks it to do
 * (send the user to the authorization page). Storage goes to the vault-backed OAuthStore; the
 * verifier and discovery results live only as long as this provider.
 */
import type {
  AddClientAuthentication,
  OAuthClientProvider,
  OAuthDiscoveryState,
} from '@modelcontextprotocol/client';
import { createPrivateKeyJwtAuth } from '@modelcontextprotocol/client';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/client';
import type { OAuthSettings } from '../../../../preload/schemas/servers';
import { SignInRequiredError } from './signInRequired';
import type { LoopbackRedirect } from './loopbackRedirect';
import type { OAuthStore } from './tokenStore';

/**
 * The redirect URI while no sign-in is open. The SDK treats a provider without one as a
 * machine-to-machine client, so there must be one; nothing is ever sent to it.
 */
export const IDLE_REDIRECT_URL = 'http://127.0.0.1/callback';

/** A sign-in in progress: where the browser comes back, and how to send it to the page. */
export interface SignInFlow {
  loopback: LoopbackRedirect;
  open(authorizationUrl: URL): Promise<void>;
}

export class HearthOAuthProvider implements OAuthClientProvider {
  /** Set while the user is signing in; without it, a needed authorization asks for sign-in. */
  flow?: SignInFlow;
  private verifier?: string;
  private discovery?: OAuthDiscoveryState;
  private signer?: { key: string; algorithm: string; sign: AddClientAuthentication };

  constructor(
    private readonly options: {
      server(): string;
      settings(): OAuthSettings | undefined;
      store: OAuthStore;
      clientVersion: string;
    },
  ) {}

  /** Client credentials: Hearth signs in as itself, so there is no redirect (and no browser). */
  get machine(): boolean {
    return this.options.settings()?.grant === 'client_credentials';
  }

  get redirectUrl(): string | undefined {
    if (this.machine) return undefined;
    return this.flow?.loopback.redirectUrl ?? IDLE_REDIRECT_URL;
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.settings()?.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const scope = this.options.settings()?.scopes;
    // Kept in a variable: `application_type` (OpenID registration) is not in the SDK's type.
    const metadata = {
      client_name: 'Hearth',
      // A desktop app on a loopback redirect (SEP-837: said at registration, not guessed).
      application_type: 'native',
      software_id: 'hearth',
      software_version: this.options.clientVersion,
      redirect_uris: this.redirectUrl ? [this.redirectUrl] : [],
      grant_types: this.machine ? ['client_credentials'] : ['authorization_code', 'refresh_token'],
      response_types: this.machine ? [] : ['code'],
      ...(scope ? { scope } : {}),
    };
    return metadata;
  }

  state(): string {
    if (!this.flow) throw new SignInRequiredError(this.options.server());
    return this.flow.loopback.state;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const { store, server, settings } = this.options;
    const stored = store.client(server());
    if (stored) return stored;
    const clientId = settings()?.clientId;
    if (!clientId) return undefined;
    const secret = store.clientSecret(server());
    return { client_id: clientId, ...(secret ? { client_secret: secret } : {}) };
  }

  /**
   * private_key_jwt: with a private key in the settings, every token request carries a client
   * assertion signed with it (iss and sub: the client id), made by the SDK's helper.
   */
  get addClientAuthentication(): AddClientAuthentication | undefined {
    const settings = this.options.settings();
    const key = settings?.clientPrivateKey;
    if (!key || !settings.clientId) return undefined;
    const algorithm = settings.signingAlgorithm ?? 'RS256';
    if (this.signer?.key !== key || this.signer.algorithm !== algorithm) {
      this.signer = {
        key,
        algorithm,
        sign: createPrivateKeyJwtAuth({
          issuer: settings.clientId,
          subject: settings.clientId,
          privateKey: key,
          alg: algorithm,
        }),
      };
    }
    return this.signer.sign;
  }

  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.options.store.saveClient(this.options.server(), information);
  }

  tokens(): OAuthTokens | undefined {
    return this.options.store.tokens(this.options.server());
  }

  saveTokens(tokens: OAuthTokens): void {
    this.options.store.saveTokens(this.options.server(), tokens);
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    if (!this.flow) throw new SignInRequiredError(this.options.server());
    await this.flow.open(authorizationUrl);
  }

  /** The token request of a client-credentials sign-in; the SDK's default (a code) otherwise. */
  prepareTokenRequest(scope?: string): URLSearchParams | undefined {
    if (!this.machine) return undefined;
    const params = new URLSearchParams({ grant_type: 'client_credentials' });
    if (scope) params.set('scope', scope);
    return params;
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('No sign-in is in progress (no PKCE verifier).');
    return this.verifier;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    const { store, server } = this.options;
    if (scope === 'all' || scope === 'tokens') store.forget(server(), ['tokens']);
    if (scope === 'all' || scope === 'client') store.forget(server(), ['client']);
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
  }
}
