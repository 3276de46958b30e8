/**
 * In the launch review: the folders a sandboxed server's own arguments name that its sandbox does
 * not let it write yet (server-filesystem's allowed directories), each with a box to let it write
 * there, so it works where the user pointed it at the first start. Folders as wide as the home
 * folder are offered unticked.
 */
import type { LaunchReview } from '../../../../preload/schemas/servers';
import { revealHidden } from '../../lib/revealHidden';

type ArgumentFolder = NonNullable<NonNullable<LaunchReview['sandbox']>['argumentFolders']>[number];

/** The folders ticked before the user changes anything: all but the broad ones. */
export function initiallyChosen(review: LaunchReview): string[] {
  return (review.sandbox?.argumentFolders ?? [])
    .filter((folder) => !folder.broad)
    .map((folder) => folder.path);
}

export function ArgumentFoldersChoice({
  folders,
  chosen,
  onChange,
}: {
  folders: ArgumentFolder[] | undefined;
  chosen: string[];
  onChange(chosen: string[]): void;
}) {
  if (!folders || folders.length === 0) return null;
  return (
    <fieldset className="field plain review-argument-folders">
      <legend>Folders its arguments and variables name</legend>
      <p className="field-hint">
        Its sandbox does not let it write there yet. The ones you tick are added to where it may
        write as you approve.
      </p>
      {folders.map((folder) => (
        <label key={folder.path} className="choice">
          <input
            type="checkbox"
            checked={chosen.includes(folder.path)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? [...chosen, folder.path]
                  : chosen.filter((path) => path !== folder.path),
              )
            }
          />
          <span>
            Let it write in <code>{revealHidden(folder.path)}</code>
            {folder.broad && ' (your whole home folder or more: tick it only if you mean that)'}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
