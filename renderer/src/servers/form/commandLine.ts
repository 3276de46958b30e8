/**
 * A whole command line typed into a server's Command field ("node /path/server.js --flag"), split
 * into the program and its arguments by shell-word rules (quotes and escapes as a shell reads
 * them, through shell-quote). `$VAR` stays a variable for Hearth to fill in (`${VAR}`); shell
 * syntax that a server launch does not run (pipes, `;`, redirections, globs) is refused in words.
 */
import { parse } from 'shell-quote';

export type CommandLine =
  | { kind: 'single' }
  | { kind: 'split'; command: string; args: string[] }
  | { kind: 'problem'; message: string };

export function splitCommandLine(text: string): CommandLine {
  const trimmed = text.trim();
  // Nothing to split: one word. Backslashes are escapes to a shell but folders on Windows, so
  // such a line is left as typed rather than guessed at.
  if (!/\s/.test(trimmed) || trimmed.includes('\\')) return { kind: 'single' };
  const words = parse(trimmed, (name) => `\${${name}}`);
  const syntax = words.find((word) => typeof word !== 'string');
  if (syntax !== undefined) {
    const shown = 'op' in syntax ? (syntax.op === 'glob' ? syntax.pattern : syntax.op) : '#';
    return {
      kind: 'problem',
      message: `“${shown}” is shell syntax, and a server's command is not run by a shell. To use it, set Command to a shell (bash) and its arguments to -c and the whole line.`,
    };
  }
  const [command, ...args] = words as string[];
  if (!command) return { kind: 'single' };
  return { kind: 'split', command, args };
}
