/**
 * Says so when a server's roots (the folders it may work in) hold Hearth's data folder, or are
 * inside it: the server could then read Hearth's settings and approvals, or write new ones.
 */
import { useEffect, useState } from 'react';
import { useApi } from '../../lib/apiContext';
import { revealHidden } from '../../lib/revealHidden';

/** A path's parts, so "/a/bc" is not taken to hold "/a/b". */
function parts(path: string): string[] {
  return path.replace(/\\/g, '/').split('/').filter(Boolean);
}

/** True when one of the two folders holds the other (or they are the same). */
export function overlaps(a: string, b: string): boolean {
  const [shorter, longer] = [parts(a), parts(b)].sort((x, y) => x.length - y.length) as [
    string[],
    string[],
  ];
  return shorter.every((part, index) => part === longer[index]);
}

export function RootsWarning({ roots }: { roots: readonly string[] }) {
  const api = useApi();
  const [dataDir, setDataDir] = useState<string>();
  useEffect(() => {
    if (roots.length === 0) return undefined;
    let live = true;
    api.app.info().then(
      (info) => live && setDataDir(info.dataDir),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, roots.length]);
  const exposing = dataDir ? roots.filter((root) => overlaps(root, dataDir)) : [];
  if (!dataDir || exposing.length === 0) return null;
  return (
    <div className="notice notice-warning" role="note">
      <p>
        This server may work in {exposing.map((root) => `“${revealHidden(root)}”`).join(', ')},
        which holds or lies inside Hearth’s own data folder ({dataDir}): it could read Hearth’s
        settings and approvals, or change them. Remove that folder from its roots unless you mean
        it.
      </p>
    </div>
  );
}
