/**
 * Hearth's own folders (its data folder, and the folder of the key that signs launch approvals)
 * are off limits to Hearth's own file and shell tools: a model steered by a tool result could
 * otherwise read the key, write an approval beside it, and have a server of its choosing start
 * without the user. The shell check reads the command's text, so it stops the plain ways of naming
 * the folders (absolute, from ~, from $HOME); the key lives outside the data folder as well.
 */
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, relative, resolve } from 'node:path';

/** The words a refusal gives the model and the user. */
export function protectedRefusal(folder: string): string {
  return `Refused: ${folder} is Hearth's own data (its settings, approvals and keys), which Hearth's tools may not read or change. Nothing was done there.`;
}

/** The folder among `folders` that holds `path` (links followed), or undefined. */
export function protectedFolderHolding(
  path: string,
  folders: readonly string[],
): string | undefined {
  const target = realOrNearest(resolve(path));
  return folders.find((folder) => within(target, realOrNearest(resolve(folder))));
}

/** The folder among `folders` that a shell command names, or undefined. */
export function protectedFolderNamed(
  command: string,
  folders: readonly string[],
  home = homedir(),
): string | undefined {
  return folders.find((folder) => {
    const spellings = new Set([folder, realOrNearest(folder)]);
    for (const spelling of [...spellings]) {
      const fromHome = relative(home, spelling);
      if (fromHome && !fromHome.startsWith('..') && !isAbsolute(fromHome)) {
        spellings.add(`~/${fromHome}`);
        spellings.add(`$HOME/${fromHome}`);
        spellings.add(`\${HOME}/${fromHome}`);
      }
    }
    // The folder itself, not another whose name starts the same ("Hearth" in "Hearth.keys").
    return [...spellings].some((spelling) =>
      new RegExp(`${escapeRegExp(spelling)}(?=[/\\\\\\s'"]|$)`).test(command),
    );
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function within(path: string, folder: string): boolean {
  const between = relative(folder, path);
  return between === '' || (!between.startsWith('..') && !isAbsolute(between));
}

/** The real path, or that of its nearest existing parent with the rest appended. */
function realOrNearest(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    if (parent === path) return path;
    return resolve(realOrNearest(parent), relative(parent, path));
  }
}
