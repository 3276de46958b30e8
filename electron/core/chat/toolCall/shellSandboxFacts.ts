/**
 * What the approval of a built-in shell command says about the sandbox it runs in: its folder and
 * temp, no host; and, where the sandbox cannot run here, what is missing and whether the command
 * runs without it (the user allowed that in Settings) or is refused.
 */
import type { z } from 'zod';
import type { approvalRequestSchema } from '../../../../preload/schemas/chat';
import { missingForShell, whatIsMissing } from '../../../../preload/sandboxWords';
import type { ShellSandboxState } from '../../sandbox';

type ApprovalSandbox = NonNullable<z.output<typeof approvalRequestSchema>['sandbox']>;

export async function shellSandboxFacts(
  check: (() => Promise<ShellSandboxState>) | undefined,
  folder: string,
): Promise<ApprovalSandbox> {
  const state = (await check?.()) ?? { state: 'on' };
  return {
    kind: 'shell',
    // The one folder it may write (besides a temp folder of its own).
    writable: [folder],
    hosts: [],
    ...(state.state === 'unavailable'
      ? { unavailable: { missing: state.missing, runAnyway: state.runAnyway } }
      : {}),
  };
}

/** Why a shell command will not run whatever the user answers (see missingForShell), or undefined. */
export function sandboxRefusal(
  sandbox: ApprovalSandbox | undefined,
  asRoot: boolean,
): string | undefined {
  const missing = missingForShell(sandbox, asRoot);
  return missing === undefined
    ? undefined
    : `Hearth’s sandbox cannot run here (${whatIsMissing(missing)}), so the command was not run`;
}
