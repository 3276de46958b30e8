/**
 * Paths as a small model writes them: `~/notes.txt`, `Downloads`, `/etc/hosts`. Relative paths
 * are taken from the user's home folder, because the app's own working directory means nothing to
 * the user or the model.
 */
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

/** Resolves `~`, `~/…` and relative paths against the home folder; absolute paths stay as given. */
export function resolveUserPath(path: string, home = homedir()): string {
  const trimmed = path.trim();
  if (trimmed === '' || trimmed === '~') return home;
  if (trimmed.startsWith('~/') || trimmed.startsWith('~\\')) return join(home, trimmed.slice(2));
  return isAbsolute(trimmed) ? resolve(trimmed) : resolve(home, trimmed);
}

/** A tool result that reports a failure to the model as text, never as a thrown error. */
export function errorResult(text: string): {
  content: [{ type: 'text'; text: string }];
  isError: true;
} {
  return { content: [{ type: 'text', text }], isError: true };
}

/** A plain text tool result. */
export function textResult(text: string): { content: [{ type: 'text'; text: string }] } {
  return { content: [{ type: 'text', text }] };
}

/** `ENOENT` → words a model can act on. */
export function describeFileError(error: unknown, path: string): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return `Nothing exists at ${path}.`;
    case 'EACCES':
    case 'EPERM':
      return `Permission denied: ${path}.`;
    case 'ENOTDIR':
      return `A part of ${path} is not a folder.`;
    default:
      return `Could not read ${path}: ${error instanceof Error ? error.message : String(error)}`;
  }
}
