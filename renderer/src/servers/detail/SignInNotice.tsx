/**
 * OAuth for a remote server: "Sign in" when it asks for it, the sign-in page while Hearth waits
 * for the browser to come back, and "Sign out" (which deletes its tokens) once signed in.
 */
import { useState } from 'react';
import type { ServerStatus } from '../../../../preload/schemas/servers';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { openLink } from '../../lib/links';
import { InlineError } from '../../ui/InlineError';

export function SignInNotice({
  server,
  status,
  onStatus,
}: {
  server: string;
  status: ServerStatus;
  onStatus(status: ServerStatus): void;
}) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (!status.signIn) return null;

  const act = async (action: () => Promise<ServerStatus>) => {
    setBusy(true);
    setError(undefined);
    try {
      onStatus(await action());
    } catch (reason) {
      setError(messageOf(reason));
    } finally {
      setBusy(false);
    }
  };
  const failure = <InlineError message={error} />;

  if (status.signIn === 'signed-in') {
    return (
      <div className="sign-in-row">
        <span className="muted">Signed in (OAuth).</span>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void act(() => api.servers.signOut(server))}
        >
          Sign out
        </button>
        {failure}
      </div>
    );
  }
  const waiting = status.signIn === 'waiting';
  return (
    <div className="notice notice-warning" role="region" aria-label="Sign-in needed">
      <p>
        {waiting
          ? 'Waiting for you to sign in in your browser. Hearth connects once the page sends you back.'
          : (status.signInNote ??
            'This server asks you to sign in. Hearth opens its sign-in page in your browser.')}
      </p>
      {waiting && status.signInUrl ? (
        <button
          type="button"
          className="button"
          onClick={() => void openLink(api, status.signInUrl ?? '').then(setError)}
        >
          Open the sign-in page
        </button>
      ) : (
        <button
          type="button"
          className="button primary"
          disabled={busy}
          onClick={() => void act(() => api.servers.signIn(server))}
        >
          Sign in
        </button>
      )}
      {failure}
    </div>
  );
}
