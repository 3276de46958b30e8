/**
 * From a registry entry to Hearth server configs: each package and each remote becomes an install
 * option with the fields the user fills in, and, once filled, a config like one typed in the
 * server form. npm packages run with `npx -y name@version`, PyPI packages with
 * `uvx name@version`, OCI images with `docker run -i --rm` (variables passed by name with `-e`,
 * their values in the environment, never on the command line), remotes connect over Streamable
 * HTTP or SSE. Versions are always pinned; an entry that does not pin one is refused, as is a
 * secret that would have to go on a command line, where other programs can read it.
 */
import type { InstallField, InstallKind, InstallOption } from '../../../preload/schemas/registry';
import { envVariableSchema, type ServerConfigInput } from '../../../preload/schemas/servers';
import type { RegistryArgument, RegistryPackage, RegistryRemote } from './registrySchemas';
import { defaultSandboxPolicy } from '../sandbox';
import { unencryptedHost } from '../../../preload/schemas/clearText';
import { planRemote, type RemotePlan } from './remotePlan';
import { fieldsOf, planInput, previewOfValue, resolveValue, type PlannedValue } from './templates';

/** Arguments that go in together or not at all (`--port` and its value). */
interface PlannedArgument {
  parts: PlannedValue[];
  /** `-e NAME` of a docker variable: there only when the variable is. */
  whenEnv?: string;
  /** A boolean flag: just the flag, when its field says true. */
  flag?: PlannedValue;
}

interface StdioPlan {
  type: 'stdio';
  command: string;
  args: PlannedArgument[];
  env: { name: string; value: PlannedValue }[];
}

export type ConfigPlan = StdioPlan | RemotePlan;

export interface PlannedOption {
  option: InstallOption;
  /** How to build the config; absent for options Hearth does not install this way. */
  plan?: ConfigPlan;
  /** An mcpb package: handed to the bundle installer. */
  bundle?: { url: string; fileSha256?: string };
}

const RUNTIMES = {
  npm: { command: 'npx', hint: 'npx', runtime: 'node' },
  pypi: { command: 'uvx', hint: 'uvx', runtime: 'uv' },
  oci: { command: 'docker', hint: 'docker', runtime: 'docker' },
} as const;

/** Every way the entry offers to run the server, each said available or not and why. */
export function planOptions(server: {
  packages?: RegistryPackage[];
  remotes?: RegistryRemote[];
}): PlannedOption[] {
  return [
    ...(server.packages ?? []).map((pkg, index) => planPackage(pkg, `package-${index}`)),
    ...(server.remotes ?? []).map((remote, index) =>
      withUnencryptedHost(
        finish(`remote-${index}`, 'remote', remoteLabel(remote), planRemote(remote)),
        remote.url,
      ),
    ),
  ];
}

/** A remote at plain http:// on another computer says so: installing it needs the user's leave. */
function withUnencryptedHost(planned: PlannedOption, url: string): PlannedOption {
  const host = unencryptedHost(url);
  if (host === undefined || !planned.option.available) return planned;
  return { ...planned, option: { ...planned.option, unencryptedHost: host.slice(0, 1_000) } };
}

function planPackage(pkg: RegistryPackage, id: string): PlannedOption {
  const kind = kindOf(pkg.registryType);
  const label = `${packageNoun(kind, pkg.registryType)} ${pkg.identifier}${pkg.version ? ` ${pkg.version}` : ''}`;
  if (kind === 'mcpb') {
    return {
      option: {
        id,
        kind,
        label,
        available: false,
        reason:
          'An MCP Bundle (.mcpb): download it and open it with “Install bundle…” in Servers, which checks it and asks for its settings.',
        fields: [],
      },
      bundle: { url: pkg.identifier, ...(pkg.fileSha256 ? { fileSha256: pkg.fileSha256 } : {}) },
    };
  }
  if (kind !== 'npm' && kind !== 'pypi' && kind !== 'oci') {
    return unavailable(
      id,
      kind,
      label,
      `Hearth cannot install ${pkg.registryType} packages; install it by hand, then add it with “Add server”.`,
    );
  }
  const planned = planLocalPackage(kind, pkg);
  return finish(id, kind, label, planned, RUNTIMES[kind].runtime);
}

export type PlannedConfig = { ok: true; plan: ConfigPlan } | { ok: false; reason: string };

function planLocalPackage(kind: 'npm' | 'pypi' | 'oci', pkg: RegistryPackage): PlannedConfig {
  const runtime = RUNTIMES[kind];
  if (pkg.transport.type !== 'stdio') {
    return {
      ok: false,
      reason: `This package serves over ${pkg.transport.type} on this computer; Hearth runs local servers over stdio.`,
    };
  }
  const runtimeArguments = pkg.runtimeArguments ?? [];
  if (runtimeArguments.length > 0 && pkg.runtimeHint && pkg.runtimeHint !== runtime.hint) {
    return {
      ok: false,
      reason: `Its arguments are for ${pkg.runtimeHint}, and Hearth runs ${kind} packages with ${runtime.hint}.`,
    };
  }
  const target = packageTarget(kind, pkg);
  if (!target.ok) return target;
  const env = (pkg.environmentVariables ?? []).map((variable) => ({
    name: variable.name,
    value: planInput(variable, `env:${variable.name}`, variable.name, 'env'),
  }));
  const badName = env.find((entry) => !envVariableSchema.shape.name.safeParse(entry.name).success);
  if (badName) return { ok: false, reason: `“${badName.name}” is not a valid variable name.` };
  const before = runtimeArguments.map((argument, index) =>
    planArgument(argument, `runtime:${index}`),
  );
  const after = (pkg.packageArguments ?? []).map((argument, index) =>
    planArgument(argument, `argument:${index}`),
  );
  if (kind === 'oci') return { ok: true, plan: dockerPlan(target.spec, before, after, env) };
  const lead = kind === 'npm' ? ['-y'] : [];
  return {
    ok: true,
    plan: {
      type: 'stdio',
      command: runtime.command,
      args: [...lead.map(textArgument), ...before, textArgument(target.spec), ...after],
      env,
    },
  };
}

/**
 * `docker run -i --rm`, the runtime arguments, `-e NAME` for each variable (values in the
 * environment docker is started with), the image, then the package's arguments. A runtime
 * argument `-e NAME=value` becomes a variable too, so its value stays off the command line.
 */
function dockerPlan(
  image: string,
  runtimeArgs: PlannedArgument[],
  packageArgs: PlannedArgument[],
  env: StdioPlan['env'],
): StdioPlan {
  const variables = [...env];
  const kept: PlannedArgument[] = [];
  for (const argument of runtimeArgs) {
    const moved = asVariable(argument);
    if (moved) variables.push(moved);
    else kept.push(argument);
  }
  const passVariables = variables.map((variable) => ({
    parts: [text('-e'), text(variable.name)],
    whenEnv: variable.name,
  }));
  return {
    type: 'stdio',
    command: 'docker',
    args: [
      ...['run', '-i', '--rm'].map(textArgument),
      ...kept,
      ...passVariables,
      textArgument(image),
      ...packageArgs,
    ],
    env: variables,
  };
}

/** `-e NAME=…` (or `--env`) as a variable named NAME holding the rest. */
function asVariable(argument: PlannedArgument): StdioPlan['env'][number] | undefined {
  const [flag, value] = argument.parts;
  if (!flag || !value || argument.parts.length !== 2) return undefined;
  const first = flag.pieces[0];
  if (flag.pieces.length !== 1 || first?.kind !== 'text') return undefined;
  if (first.text !== '-e' && first.text !== '--env') return undefined;
  const lead = value.pieces[0];
  if (lead?.kind !== 'text') return undefined;
  const match = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(lead.text);
  if (!match?.[1]) return undefined;
  const rest = lead.text.slice(match[0].length);
  const pieces = [
    ...(rest ? [{ kind: 'text' as const, text: rest }] : []),
    ...value.pieces.slice(1),
  ];
  return { name: match[1], value: { ...value, pieces } };
}

function planArgument(argument: RegistryArgument, id: string): PlannedArgument {
  if (argument.type === 'positional') {
    const label = argument.valueHint ?? `Argument ${Number(id.split(':')[1] ?? 0) + 1}`;
    return { parts: [planInput(argument, id, label, 'argument')] };
  }
  const name = text(argument.name);
  if (argument.value === undefined && argument.format === 'boolean') {
    return { parts: [name], flag: planInput(argument, id, argument.name, 'argument') };
  }
  const value = planInput(argument, id, argument.name, 'argument');
  // `--port 8080` as two arguments: what both long options and docker's `-e`/`--mount` accept.
  return { parts: [name, value] };
}

/** The package as its runtime names it, pinned: `name@1.2.3`, `image:tag`. */
function packageTarget(
  kind: 'npm' | 'pypi' | 'oci',
  pkg: RegistryPackage,
): { ok: true; spec: string } | { ok: false; reason: string } {
  const { identifier, version } = pkg;
  if (kind === 'oci') {
    if (!/^[a-z0-9][a-z0-9._\-/:@]*$/i.test(identifier))
      return { ok: false, reason: `“${identifier}” is not an image name.` };
    const pinned = /@sha256:[a-f0-9]{64}$/.test(identifier) || /:[\w][\w.-]*$/.test(identifier);
    if (pinned) return { ok: true, spec: identifier };
    if (!version || !isExactVersion(version))
      return { ok: false, reason: 'The entry does not pin the image to a tag, so Hearth cannot.' };
    return { ok: true, spec: `${identifier}:${version}` };
  }
  const nameRule =
    kind === 'npm'
      ? /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/
      : /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
  if (!nameRule.test(identifier))
    return { ok: false, reason: `“${identifier}” is not a valid ${kind} package name.` };
  if (!version)
    return { ok: false, reason: 'The entry names no version to pin, so Hearth cannot.' };
  if (!isExactVersion(version))
    return { ok: false, reason: `“${version}” is not one exact version, so Hearth cannot pin it.` };
  // uvx takes one exact version as name@version (uv's documented form; it refuses ranges).
  return { ok: true, spec: `${identifier}@${version}` };
}

/** One version, never a range or `latest`: what the registry's schema demands of packages. */
export function isExactVersion(version: string): boolean {
  return (
    /^[0-9A-Za-z][0-9A-Za-z.+_!-]*$/.test(version) &&
    version !== 'latest' &&
    !/(^|\.)[x*](\.|$)/i.test(version)
  );
}

function finish(
  id: string,
  kind: InstallKind,
  label: string,
  planned: PlannedConfig,
  runtime?: InstallOption['runtime'],
): PlannedOption {
  if (!planned.ok) return unavailable(id, kind, label, planned.reason, runtime);
  const { plan } = planned;
  const secretArgument = plan.type === 'stdio' ? secretOnCommandLine(plan) : undefined;
  if (secretArgument) {
    return unavailable(
      id,
      kind,
      label,
      `It takes a secret (${secretArgument}) on its command line, where other programs on this computer can read it. Set it up by hand with “Add server” if you accept that.`,
      runtime,
    );
  }
  return {
    option: {
      id,
      kind,
      label,
      available: true,
      ...(runtime ? { runtime } : {}),
      preview: previewPlan(plan),
      fields: fieldsOfPlan(plan),
    },
    plan,
  };
}

function unavailable(
  id: string,
  kind: InstallKind,
  label: string,
  reason: string,
  runtime?: InstallOption['runtime'],
): PlannedOption {
  return {
    option: {
      id,
      kind,
      label,
      available: false,
      reason,
      ...(runtime ? { runtime } : {}),
      fields: [],
    },
  };
}

function secretOnCommandLine(plan: StdioPlan): string | undefined {
  for (const argument of plan.args) {
    const secret = [...argument.parts, ...(argument.flag ? [argument.flag] : [])].find(
      (part) => part.secret,
    );
    if (secret) return fieldsOf(secret)[0]?.label ?? previewOfValue(secret);
  }
  return undefined;
}

function fieldsOfPlan(plan: ConfigPlan): InstallField[] {
  const values =
    plan.type === 'stdio'
      ? [
          ...plan.args.flatMap((argument) => [
            ...argument.parts,
            ...(argument.flag ? [argument.flag] : []),
          ]),
          ...plan.env.map((entry) => entry.value),
        ]
      : [plan.url, ...plan.headers.map((header) => header.value)];
  const fields = new Map<string, InstallField>();
  for (const value of values) for (const field of fieldsOf(value)) fields.set(field.id, field);
  return [...fields.values()];
}

function previewPlan(plan: ConfigPlan): string {
  if (plan.type === 'http') return previewOfValue(plan.url);
  const optionalEnv = new Set(
    plan.env.filter((entry) => entry.value.optional).map((entry) => entry.name),
  );
  // What may be left out is shown in [brackets], as usage lines do.
  const args = plan.args.map((argument) => {
    const shown = argument.parts.map((part) => quoteForShow(previewOfValue(part))).join(' ');
    const optional =
      argument.flag !== undefined ||
      argument.parts.some((part) => part.optional) ||
      (argument.whenEnv !== undefined && optionalEnv.has(argument.whenEnv));
    return optional ? `[${shown}]` : shown;
  });
  return [quoteForShow(plan.command), ...args].join(' ');
}

function quoteForShow(part: string): string {
  return /^[\w@%+=:,./<>-]+$/.test(part) ? part : `'${part.replaceAll("'", "'\\''")}'`;
}

export type Built = { ok: true; config: ServerConfigInput } | { ok: false; problems: string[] };

/** The server config for `plan` filled with `values`, or every problem with them. */
export function buildConfig(
  plan: ConfigPlan,
  values: Record<string, string>,
  serverName: string,
): Built {
  const problems: string[] = [];
  const take = (value: PlannedValue): string | undefined => {
    const resolved = resolveValue(value, values);
    if (resolved.ok) return resolved.value;
    problems.push(...resolved.problems);
    return undefined;
  };
  if (plan.type === 'http') {
    const url = take(plan.url);
    const headers = plan.headers.flatMap((header) => {
      const value = take(header.value);
      return value === undefined ? [] : [{ name: header.name, value, secret: header.value.secret }];
    });
    if (problems.length > 0) return { ok: false, problems: unique(problems) };
    return {
      ok: true,
      config: {
        name: serverName,
        transport: { type: 'http', url: url ?? '', headers, protocol: plan.protocol },
      },
    };
  }
  const env = plan.env.flatMap((entry) => {
    const value = take(entry.value);
    return value === undefined ? [] : [{ name: entry.name, value, secret: entry.value.secret }];
  });
  const present = new Set(env.map((entry) => entry.name));
  const args = plan.args.flatMap((argument) => argumentValues(argument, take, present));
  if (problems.length > 0) return { ok: false, problems: unique(problems) };
  return {
    ok: true,
    config: {
      name: serverName,
      // From the registry: in the OS sandbox by default (what npx or uvx needs comes with it).
      transport: {
        type: 'stdio',
        command: plan.command,
        args,
        env,
        sandbox: defaultSandboxPolicy(),
      },
    },
  };
}

function argumentValues(
  argument: PlannedArgument,
  take: (value: PlannedValue) => string | undefined,
  presentEnv: Set<string>,
): string[] {
  if (argument.whenEnv !== undefined && !presentEnv.has(argument.whenEnv)) return [];
  if (argument.flag)
    return take(argument.flag) === 'true' ? argument.parts.map(previewOfValue) : [];
  const parts = argument.parts.map(take);
  // A named argument whose value is left out goes with its name.
  if (parts.some((part) => part === undefined)) return [];
  return parts as string[];
}

function textArgument(value: string): PlannedArgument {
  return { parts: [text(value)] };
}

function text(value: string): PlannedValue {
  return { pieces: [{ kind: 'text', text: value }], secret: false, optional: false };
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}

function kindOf(registryType: string): InstallKind {
  const known: InstallKind[] = ['npm', 'pypi', 'oci', 'mcpb', 'nuget'];
  return known.find((kind) => kind === registryType) ?? 'other';
}

function packageNoun(kind: InstallKind, registryType: string): string {
  const nouns: Partial<Record<InstallKind, string>> = {
    npm: 'npm package',
    pypi: 'PyPI package',
    oci: 'Container image',
    mcpb: 'MCP Bundle',
    nuget: 'NuGet package',
  };
  return nouns[kind] ?? `${registryType} package`;
}

function remoteLabel(remote: RegistryRemote): string {
  return remote.type === 'sse' ? 'Remote server (SSE)' : 'Remote server (Streamable HTTP)';
}
