/**
 * What the user sees before a server's command runs: the command as typed and as it will start,
 * its arguments, variables (secrets masked), folder, the risky variables, and the fingerprint the
 * approval is given to, all read from one description of the launch (approvedLaunch.ts). Only what the server's config supplies is judged: the variable Hearth adds
 * itself to run a Node bundle on its own Node is shown as Hearth's, never as a risk.
 */
import type {
  EnvVariable,
  LaunchReview,
  StdioTransportConfig,
} from '../../../../preload/schemas/servers';
import { approvedLaunch } from './approvedLaunch';
import { riskyVariables, type ConsentStore } from './consent';
import { expandAll } from './expandVariables';
import { planStdioLaunch, type LaunchContext } from '../transport/configTransports';
import { homedir } from 'node:os';
import { MAX_ARGUMENT_FOLDERS } from '../../../../preload/schemas/servers';
import { argumentFolders, isDockerCommand } from '../../sandbox';

export function launchReview(
  name: string,
  transport: StdioTransportConfig,
  consent: ConsentStore,
  context: LaunchContext,
  roots: string[] = [],
): LaunchReview {
  // What is shown, signed and started is the same description of the launch.
  const launch = approvedLaunch(transport);
  const fingerprint = consent.launchFingerprint(name, launch);
  const state = consent.launchState(name, launch);
  const plan = planStdioLaunch(launch, context);
  // The user's own arguments, variables expanded (a shim's come first).
  const args = plan.ok
    ? plan.value.args.slice(plan.value.args.length - launch.args.length)
    : launch.args;
  const shownEnv = expandAll(
    launch.env.map((entry) => entry.value ?? ''),
    context.environment,
  ).values;
  return {
    name,
    reason: state === 'approved' ? 'approved' : state === 'required' ? 'new' : 'changed',
    command: launch.command,
    ...(plan.ok
      ? {
          resolvedCommand: [
            plan.value.file,
            ...plan.value.args.slice(0, plan.value.args.length - launch.args.length),
          ].join(' '),
        }
      : {}),
    args,
    env: launch.env.map((entry, index) => ({
      name: entry.name,
      // Secrets are shown masked: the user can see one is set without it reaching the screen.
      value: entry.secret ? (entry.value ? '••••••••' : '') : (shownEnv[index] ?? ''),
      secret: entry.secret,
      ...(hearths(entry) ? { byHearth: true } : {}),
    })),
    ...(launch.cwd ? { cwd: launch.cwd } : {}),
    risky: riskyVariables(launch.env.filter((entry) => !hearths(entry)).map((entry) => entry.name)),
    ...sandboxOf(
      name,
      transport,
      roots,
      context,
      args,
      shownEnv.filter((_, index) => !launch.env[index]?.secret),
    ),
    fingerprint,
  };

  /** ELECTRON_RUN_AS_NODE=1 on Hearth's own Node: what Hearth adds to run a Node bundle. */
  function hearths(entry: EnvVariable): boolean {
    const ownNode = context.hearthNode;
    return (
      ownNode !== undefined &&
      entry.name === 'ELECTRON_RUN_AS_NODE' &&
      entry.value === '1' &&
      !entry.secret &&
      plan.ok &&
      plan.value.file === ownNode
    );
  }
}

/** What the sandbox will let it reach, as the approval shows it (part of what is approved). */
function sandboxOf(
  name: string,
  transport: StdioTransportConfig,
  roots: string[],
  context: LaunchContext,
  args: string[],
  variableValues: string[],
): Pick<LaunchReview, 'sandbox'> {
  if (!transport.sandbox?.enabled) return {};
  if (isDockerCommand(transport.command))
    return { sandbox: { state: 'docker', hidden: [], writable: [], allWrites: false, hosts: [] } };
  const resolved = context.sandbox?.resolve(name, transport, roots, context.environment);
  if (!resolved) return {};
  const named = argumentFolders(
    args,
    resolved,
    context.environment.HOME || homedir(),
    variableValues,
  );
  return {
    sandbox: {
      state: 'on',
      hidden: resolved.denyRead,
      writable: resolved.allowWrite,
      allWrites: resolved.allowAllWrites,
      hosts: resolved.hosts,
      ...(named.length > 0 ? { argumentFolders: named.slice(0, MAX_ARGUMENT_FOLDERS) } : {}),
    },
  };
}
