/**
 * Words about the OS sandbox that main (errors, logs, tool results) and the page (notices, the
 * approval) both write, so they say it the same way.
 */

/** "socat is missing", "bubblewrap (bwrap) and socat are missing". */
export function whatIsMissing(missing: string): string {
  return `${missing} ${/ and /.test(missing) ? 'are' : 'is'} missing`;
}

/**
 * What is missing when a shell command will not run whatever the user answers: the sandbox
 * cannot run here and Settings do not let shell commands run without it. A command with sudo
 * runs outside the sandbox anyway. Main refuses by it; the approval offers no Allow by it.
 */
export function missingForShell(
  sandbox: { kind: string; unavailable?: { missing: string; runAnyway: boolean } } | undefined,
  asRoot: boolean,
): string | undefined {
  const unavailable = sandbox?.kind === 'shell' ? sandbox.unavailable : undefined;
  return asRoot || !unavailable || unavailable.runAnyway ? undefined : unavailable.missing;
}
