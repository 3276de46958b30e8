/**
 * A remote server's sign-in settings, folded away: most servers need none (Hearth discovers the
 * authorization server and registers itself). A pre-registered client id and secret, scopes, or
 * a client ID metadata document address go here.
 */
import { oauthSettingsSchema } from '../../../../preload/schemas/servers';
import { CodeTextField, Field } from './Field';
import type { OAuthDraft, TransportFieldsProps } from './formModel';

const ALGORITHMS = oauthSettingsSchema.shape.signingAlgorithm
  .unwrap()
  .options.filter((algorithm) => algorithm !== 'RS256');

export function OAuthFields({ draft, edit, errorFor }: TransportFieldsProps) {
  const oauth = draft.oauth;
  const set = (patch: Partial<OAuthDraft>) => edit('other', { oauth: { ...oauth, ...patch } });
  return (
    <details className="field plain">
      <summary>Sign-in (OAuth)</summary>
      <p className="field-hint">
        Only for servers that ask you to sign in, and only if their provider says so: Hearth finds
        the rest itself.
      </p>
      <Field
        label="How Hearth signs in"
        hint="Without a browser, Hearth signs in as itself with the client id and secret (for service accounts)."
      >
        {(props) => (
          <select
            {...props}
            className="input"
            value={oauth.machine ? 'machine' : 'browser'}
            onChange={(event) => set({ machine: event.target.value === 'machine' })}
          >
            <option value="browser">You sign in in the browser</option>
            <option value="machine">Without a browser (client credentials)</option>
          </select>
        )}
      </Field>
      <CodeTextField
        label="Client id"
        error={errorFor('transport.oauth.clientId')}
        hint="A client registered with the server’s provider beforehand."
        value={oauth.clientId}
        onChange={(clientId) => set({ clientId })}
      />
      {oauth.clientId.trim() !== '' && (
        <>
          <CodeTextField
            label="Client secret"
            error={errorFor('transport.oauth.clientSecret')}
            hint={
              oauth.secretStored
                ? 'Kept in the keychain. Leave empty to keep the stored one.'
                : 'Kept in the keychain, never in the settings file.'
            }
            type="password"
            placeholder={oauth.secretStored ? '••••••••' : ''}
            value={oauth.clientSecret}
            onChange={(clientSecret) => set({ clientSecret })}
          />
          {oauth.machine && (
            <>
              <Field
                label="Private key (PEM)"
                error={errorFor('transport.oauth.clientPrivateKey')}
                hint="Instead of a secret: Hearth signs its requests with this key (private_key_jwt). Kept in the keychain; leave empty to keep a stored one."
              >
                {(props) => (
                  <textarea
                    {...props}
                    className="input mono"
                    rows={3}
                    spellCheck={false}
                    autoComplete="off"
                    placeholder="-----BEGIN PRIVATE KEY-----"
                    value={oauth.clientPrivateKey}
                    onChange={(event) => set({ clientPrivateKey: event.target.value })}
                  />
                )}
              </Field>
              <Field label="Signing algorithm" error={errorFor('transport.oauth.signingAlgorithm')}>
                {(props) => (
                  <select
                    {...props}
                    className="input narrow"
                    value={oauth.signingAlgorithm}
                    onChange={(event) => set({ signingAlgorithm: event.target.value })}
                  >
                    <option value="">RS256 (default)</option>
                    {ALGORITHMS.map((algorithm) => (
                      <option key={algorithm} value={algorithm}>
                        {algorithm}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </>
          )}
        </>
      )}
      <CodeTextField
        label="Scopes"
        error={errorFor('transport.oauth.scopes')}
        hint="Asked for only when the server names none itself."
        placeholder="read write"
        value={oauth.scopes}
        onChange={(scopes) => set({ scopes })}
      />
      <CodeTextField
        label="Client metadata document"
        error={errorFor('transport.oauth.clientMetadataUrl')}
        hint="An https address describing Hearth as a client, used where the provider supports it."
        type="url"
        placeholder="https://example.com/hearth-client.json"
        value={oauth.clientMetadataUrl}
        onChange={(clientMetadataUrl) => set({ clientMetadataUrl })}
      />
    </details>
  );
}
