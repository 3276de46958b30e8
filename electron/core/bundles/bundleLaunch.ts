/**
 * Turns an unpacked bundle's `mcp_config` into a Hearth stdio server: the platform's override
 * merged in, `${__dirname}`, `${HOME}` and the other folders, `${/}` and `${user_config.X}`
 * substituted (a setting with several values becomes several arguments), sensitive settings as
 * secret variables (kept in the vault), and the runtime chosen: Node bundles run on Hearth's own
 * Node (Electron's, as `ELECTRON_RUN_AS_NODE`), so no Node install is needed; uv bundles with
 * `uv run`; Python and binary bundles as their manifest says.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { EnvVariable, StdioTransportConfig } from '../../../preload/schemas/servers';
import type { UserConfigValues } from '../../../preload/schemas/bundles';
import type { BundleManifest, McpConfig, UserConfigOption } from './bundleManifest';
import type { SystemNode } from './nativeAddons';

export interface LaunchEnvironment {
  platform: NodeJS.Platform;
  home: string;
  /** The Node Hearth runs on: Electron's binary in the app, node itself in the browser host. */
  nodeExecutable: string;
  /**
   * `nodeExecutable` is a Node.js installed on this computer, chosen for a bundle with native
   * add-ons built for plain Node: it needs no `ELECTRON_RUN_AS_NODE`.
   */
  systemNode?: boolean;
  /** Whether Hearth's own Node is Electron's (it cannot load add-ons built for plain Node). */
  ownNodeIsElectron?: boolean;
}

/** Hearth's own Node, or the Node.js on this computer a bundle with native add-ons runs on. */
export function launchEnvironmentOn(
  environment: LaunchEnvironment,
  systemNode: SystemNode | undefined,
): LaunchEnvironment {
  return systemNode
    ? { ...environment, nodeExecutable: systemNode.file, systemNode: true }
    : environment;
}

/** Folder variables the spec names, for defaults and the command line alike. */
export function folderVariables(environment: LaunchEnvironment): Record<string, string> {
  const { home, platform } = environment;
  return {
    HOME: home,
    DESKTOP: join(home, 'Desktop'),
    DOCUMENTS: join(home, 'Documents'),
    DOWNLOADS: join(home, 'Downloads'),
    pathSeparator: platform === 'win32' ? '\\' : '/',
    '/': platform === 'win32' ? '\\' : '/',
  };
}

const VARIABLE = /\$\{([^}]+)\}/g;

/** `${HOME}` and friends filled into a default value. */
export function resolveDefault(
  value: UserConfigOption['default'],
  environment: LaunchEnvironment,
): UserConfigOption['default'] {
  const folders = folderVariables(environment);
  const fill = (text: string) =>
    text.replace(VARIABLE, (whole, name: string) => folders[name] ?? whole);
  if (typeof value === 'string') return fill(value);
  if (Array.isArray(value)) return value.map(fill);
  return value;
}

/**
 * Keeps a substituted value literal: Hearth expands `${VAR}` from its environment at launch, so a
 * value that happens to contain one is escaped (`$${VAR}`).
 */
function literal(text: string): string {
  return text.replace(/\$(\$?)\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole) => `$${whole}`);
}

function asStrings(value: UserConfigValues[string] | undefined): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map(String);
  return [String(value)];
}

/** The transport for an unpacked bundle in `folder`, with the user's values. */
export function bundleTransport(
  manifest: BundleManifest,
  folder: string,
  values: UserConfigValues,
  environment: LaunchEnvironment,
): StdioTransportConfig {
  const config = mergedConfig(manifest.server.mcp_config, environment.platform);
  const options = manifest.user_config ?? {};
  const variables: Record<string, string> = {
    ...folderVariables(environment),
    __dirname: folder,
  };
  const substitute = (text: string): string =>
    text.replace(VARIABLE, (whole, name: string) => {
      if (name.startsWith('user_config.'))
        return literal(asStrings(values[name.slice(12)]).join(','));
      const found = variables[name];
      return found === undefined ? whole : literal(found);
    });
  const args = (config.args ?? []).flatMap((arg) => {
    // A whole-argument setting expands to one argument per value, none when it is unset.
    const whole = /^\$\{user_config\.([^}]+)\}$/.exec(arg);
    if (whole) return asStrings(values[whole[1] ?? '']).map(literal);
    return [substitute(arg)];
  });
  const env: EnvVariable[] = [];
  for (const [name, template] of Object.entries(config.env ?? {})) {
    const references = [...template.matchAll(/\$\{user_config\.([^}]+)\}/g)].map(
      (match) => match[1] ?? '',
    );
    // An optional setting left empty leaves its variable out, so the server's own default applies.
    if (references.length > 0 && references.every((key) => asStrings(values[key]).length === 0))
      continue;
    const secret = references.some((key) => options[key]?.sensitive === true);
    env.push({ name, value: substitute(template), secret });
  }
  const { command, extraArgs, extraEnv } = runtimeCommand(
    manifest,
    config,
    folder,
    environment,
    substitute,
  );
  return {
    type: 'stdio',
    command,
    args: [...extraArgs, ...args],
    env: [
      ...extraEnv,
      ...env.filter((entry) => !extraEnv.some((extra) => extra.name === entry.name)),
    ],
    cwd: folder,
  };
}

function mergedConfig(config: McpConfig, platform: NodeJS.Platform): McpConfig {
  const override = config.platform_overrides?.[platform];
  if (!override) return config;
  return {
    command: override.command ?? config.command,
    args: override.args ?? config.args,
    env: { ...config.env, ...override.env },
  };
}

function runtimeCommand(
  manifest: BundleManifest,
  config: McpConfig,
  folder: string,
  environment: LaunchEnvironment,
  substitute: (text: string) => string,
): { command: string; extraArgs: string[]; extraEnv: EnvVariable[] } {
  const command = substitute(config.command);
  const type = manifest.server.type;
  if (type === 'node' && /^node(\.exe)?$/i.test(command)) {
    return {
      command: literal(environment.nodeExecutable),
      extraArgs: [],
      extraEnv: environment.systemNode
        ? []
        : [{ name: 'ELECTRON_RUN_AS_NODE', value: '1', secret: false }],
    };
  }
  if (type === 'uv' && !/^uv(\.exe)?$/i.test(command)) {
    // The host runs uv bundles (the manifest's command is advisory): uv reads pyproject.toml.
    return {
      command: 'uv',
      extraArgs: ['run', '--directory', literal(folder), literal(manifest.server.entry_point)],
      extraEnv: [],
    };
  }
  if (
    type === 'binary' &&
    !isAbsolute(command) &&
    (command.includes('/') || command.includes('\\'))
  ) {
    const inside = join(folder, ...command.split(/[\\/]/));
    const withExe =
      environment.platform === 'win32' && !/\.exe$/i.test(inside) && existsSync(`${inside}.exe`)
        ? `${inside}.exe`
        : inside;
    return { command: literal(withExe), extraArgs: [], extraEnv: [] };
  }
  return { command, extraArgs: [], extraEnv: [] };
}

/**
 * The runtime a bundle needs on this computer, checked for by the preview (none for a Node bundle
 * on Hearth's own Node, or a binary one). What it runs is described by bundleCommandLine.
 */
export function runtimeNeeded(manifest: BundleManifest): string | undefined {
  const command = manifest.server.mcp_config.command;
  switch (manifest.server.type) {
    case 'node':
      return /^node(\.exe)?$/i.test(command) ? undefined : command;
    case 'uv':
      return 'uv';
    case 'python':
      return command;
    case 'binary':
      return undefined;
  }
}
