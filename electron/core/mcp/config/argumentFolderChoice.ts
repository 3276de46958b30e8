/**
 * The folders a server's arguments name that the user chose, in its launch review, to let it
 * write: added to its sandbox policy's write folders as it is approved, so writing where the
 * user pointed it works at the first start. Only folders the review offered are taken.
 */
import type { LaunchReview, ServerConfig } from '../../../../preload/schemas/servers';
import { UserFacingError } from '../../bridge/errors';

/** The config with the chosen folders writable; nothing when none was chosen. */
export function withArgumentFolders(
  config: ServerConfig | undefined,
  review: LaunchReview,
  chosen: string[],
): ServerConfig | undefined {
  if (chosen.length === 0) return undefined;
  const offered = new Set(review.sandbox?.argumentFolders?.map((folder) => folder.path));
  const strange = chosen.filter((folder) => !offered.has(folder));
  if (strange.length > 0)
    throw new UserFacingError(
      `Hearth offered no write folder ${strange.map((folder) => `“${folder}”`).join(', ')} for “${review.name}”. Review it again.`,
    );
  if (config?.transport.type !== 'stdio' || !config.transport.sandbox) return undefined;
  const sandbox = config.transport.sandbox;
  return {
    ...config,
    transport: {
      ...config.transport,
      sandbox: { ...sandbox, allowWrite: [...new Set([...sandbox.allowWrite, ...chosen])] },
    },
  };
}
