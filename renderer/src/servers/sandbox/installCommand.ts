/**
 * The command in the sandbox's install advice ("On Debian or Ubuntu: sudo apt install bubblewrap",
 * electron/core/sandbox/availability.ts), for a Copy button: the part from `sudo` or `brew` to the
 * end of the clause, without a note in brackets. Advice that names no command gives none.
 */
export function installCommand(advice: string): string | undefined {
  return /\b((?:sudo|brew) [^(),;]+?)\s*(?:[(),;]|\.?$)/.exec(advice)?.[1];
}
