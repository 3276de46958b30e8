/**
 * A stdio launch as the user approves it: the one description the consent fingerprint signs, the
 * launch review shows and the launch plans from (transport/configTransports). Every field of the
 * stdio config is part of it except those named below as unable to change what runs, so a field
 * added to the config is approved (and needs a new yes when it changes) unless someone decides
 * otherwise here; tests/unit/mcp/approvedLaunch.test.ts fails on a field nobody classified.
 */
import type { EnvVariable, StdioTransportConfig } from '../../../../preload/schemas/servers';

/** Fields of the stdio config that cannot change what runs, and why. */
export const NOT_WHAT_RUNS = {
  type: 'says which kind of transport this is; it is always "stdio" here',
} as const satisfies Partial<Record<keyof StdioTransportConfig, string>>;

/** Fields of an environment variable that cannot change what runs, and why. */
export const VARIABLE_NOT_WHAT_RUNS = {
  secret: 'says where the value is kept (the vault or the plain file), not what it is',
} as const satisfies Partial<Record<keyof EnvVariable, string>>;

/** What runs: the stdio config without the fields that cannot change it. */
export type ApprovedLaunch = Omit<StdioTransportConfig, keyof typeof NOT_WHAT_RUNS>;

export function approvedLaunch(config: StdioTransportConfig | ApprovedLaunch): ApprovedLaunch {
  return without(config, NOT_WHAT_RUNS) as ApprovedLaunch;
}

/**
 * What the fingerprint signs for `server`'s launch. The first five fields keep the form approvals
 * were signed in before this description existed (the folder as null when unset, the sandbox left
 * out when unset), so a server approved then is not asked again. Any other field is added as a
 * `[name, value]` pair when set: a field that is new to the config leaves existing approvals valid
 * until it is given a value, which then needs a new yes.
 */
export function fingerprintForm(
  server: string,
  config: StdioTransportConfig | ApprovedLaunch,
): unknown[] {
  const { command, args, env, cwd, sandbox, ...later } = approvedLaunch(config);
  return [
    server,
    command,
    args,
    env.map(variableForm),
    cwd ?? null,
    ...(sandbox ? [sandbox] : []),
    ...laterFields(later),
  ];
}

/** A variable's name and value (an unset secret as empty), then any later field that is set. */
function variableForm(variable: EnvVariable): unknown[] {
  const { name, value, ...later } = without(variable, VARIABLE_NOT_WHAT_RUNS) as EnvVariable;
  return [name, value ?? '', ...laterFields(later)];
}

function laterFields(fields: object): [string, unknown][] {
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function without(record: object, names: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => !Object.hasOwn(names, name)));
}
