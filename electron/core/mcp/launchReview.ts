/**
 * What the user sees before a server's command runs: the command as typed and as it will start,
 * its arguments, variables (secrets masked), folder, the risky variables, and the fingerprint the
 * approval is given to.
 */
import type { LaunchReview, StdioTransportConfig } from '../../../preload/schemas/servers';
import { riskyVariables, type ConsentStore } from './consent';
import { expandAll } from './expandVariables';
import { planStdioLaunch, type LaunchContext } from './transports';

export function launchReview(
  name: string,
  transport: StdioTransportConfig,
  consent: ConsentStore,
  context: LaunchContext,
): LaunchReview {
  const fingerprint = consent.launchFingerprint(name, transport);
  const state = consent.launchState(name, transport);
  const plan = planStdioLaunch(transport, context);
  const shownEnv = expandAll(
    transport.env.map((entry) => entry.value ?? ''),
    context.environment,
  ).values;
  return {
    name,
    reason: state === 'approved' ? 'approved' : state === 'required' ? 'new' : 'changed',
    command: transport.command,
    ...(plan.ok
      ? {
          resolvedCommand: [
            plan.value.file,
            ...plan.value.args.slice(0, plan.value.args.length - transport.args.length),
          ].join(' '),
        }
      : {}),
    args: plan.ok
      ? plan.value.args.slice(plan.value.args.length - transport.args.length)
      : transport.args,
    env: transport.env.map((entry, index) => ({
      name: entry.name,
      // Secrets are shown masked: the user can see one is set without it reaching the screen.
      value: entry.secret ? (entry.value ? '••••••••' : '') : (shownEnv[index] ?? ''),
      secret: entry.secret,
    })),
    ...(transport.cwd ? { cwd: transport.cwd } : {}),
    risky: riskyVariables(transport.env.map((entry) => entry.name)),
    fingerprint,
  };
}
