/**
 * In the launch review: the git repositories in the folders the sandbox lets the server write
 * whose hooks and config it still cannot change, looked for in main as its start looks (bounded
 * in time), so the user sees which projects are guarded before approving, and when the look
 * stopped short of some.
 */
import { useEffect, useState } from 'react';
import type { LaunchRepositories } from '../../../../preload/schemas/servers';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { revealHidden } from '../../lib/revealHidden';

/** Shown at once; the rest behind "Show all". */
const FIRST_SHOWN = 8;

export function ProtectedRepositories({ name }: { name: string }) {
  const api = useApi();
  const [found, setFound] = useState<LaunchRepositories>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    api.servers.launchRepositories(name).then(
      (value) => live && setFound(value),
      (reason: unknown) => live && setError(messageOf(reason)),
    );
    return () => {
      live = false;
    };
  }, [api, name]);
  return (
    <>
      <dt>Repositories guarded</dt>
      <dd aria-live="polite">
        {error ? (
          `Not looked for: ${error}`
        ) : !found ? (
          <span className="muted">Looking in the folders it may write…</span>
        ) : (
          <RepositoryList found={found} />
        )}
      </dd>
    </>
  );
}

function RepositoryList({ found }: { found: LaunchRepositories }) {
  const { repositories, complete } = found;
  const stoppedShort = complete
    ? ''
    : ' The look stopped before it had seen every folder: repositories further down are not protected.';
  if (repositories.length === 0) return <>None found in the folders it may write.{stoppedShort}</>;
  const first = repositories.slice(0, FIRST_SHOWN);
  const rest = repositories.slice(FIRST_SHOWN);
  return (
    <>
      Their hooks and config stay read-only: {first.map(revealHidden).join(', ')}
      {rest.length > 0 && (
        <details className="review-more">
          <summary>Show all {repositories.length}</summary>
          {rest.map(revealHidden).join(', ')}
        </details>
      )}
      {stoppedShort}
    </>
  );
}
