/**
 * Reads the Node script behind an npm `.cmd` shim, so Hearth can run `node script.js` instead of
 * a batch file. Understands the three shapes in the wild: cmd-shim 4+ (`"%_prog%" … %*`),
 * cmd-shim 3 and older (`"%~dp0\node.exe" … %*` / `node … %*`), and npm's own `npm.cmd` /
 * `npx.cmd` (`"%NODE_EXE%" "%NPX_CLI_JS%" %*`).
 */
import { win32 } from 'node:path';

/** The script a shim runs, the node.exe beside the shim that it prefers, and node's own flags. */
export interface ShimTarget {
  script: string;
  nodeIfPresent?: string;
  /** Flags from the script's shebang (`#!/usr/bin/env -S node --no-warnings`), before it. */
  nodeArgs: string[];
}

/** Nested `%VAR%` references deeper than this are not something cmd-shim or npm writes. */
const MAX_EXPANSION_DEPTH = 4;

/** Undefined unless every way the shim can launch is node (or node.exe beside it) on one script. */
export function shimTarget(cmdFileText: string, cmdFilePath: string): ShimTarget | undefined {
  const folder = win32.dirname(cmdFilePath);
  const lines = cmdFileText.split(/\r?\n/).map((line) => line.trim());
  const variables = readSetCommands(lines);
  const launches = lines.flatMap((line) => {
    const launch = launchTokens(line);
    return launch ? [launch] : [];
  });
  if (launches.length === 0) return undefined;
  const programs = new Set<string>();
  const scripts = new Set<string>();
  const flags = new Set<string>();
  for (const tokens of launches) {
    const [program = '', ...rest] = tokens;
    const script = rest.pop() ?? '';
    for (const value of expand(program, folder, variables)) programs.add(value);
    // npm.cmd may switch to a globally updated npm found at run time (a %%F loop); that path
    // cannot be known here, so only the fully known script beside the shim counts.
    for (const value of expand(script, folder, variables)) scripts.add(value);
    if (rest.some((flag) => /[%^!&|<>]/.test(flag))) return undefined;
    flags.add(JSON.stringify(rest));
  }
  const [script] = scripts;
  const [nodeArgs] = flags;
  if (script === undefined || scripts.size !== 1 || !win32.isAbsolute(script)) return undefined;
  if (nodeArgs === undefined || flags.size !== 1) return undefined;
  const node = nodeProgram(programs, folder);
  if (node === undefined) return undefined;
  const parsedArgs = JSON.parse(nodeArgs) as string[];
  return node === 'node'
    ? { script, nodeArgs: parsedArgs }
    : { script, nodeIfPresent: node, nodeArgs: parsedArgs };
}

/** `node` alone, or the shim's node.exe path when it prefers one; undefined for anything else. */
function nodeProgram(programs: Set<string>, folder: string): string | undefined {
  const besideShim = win32.join(folder, 'node.exe');
  let preferred: string | undefined;
  for (const program of programs) {
    const lower = program.toLowerCase();
    if (lower === besideShim.toLowerCase()) preferred = besideShim;
    else if (lower !== 'node' && lower !== 'node.exe') return undefined;
  }
  return programs.size === 0 ? undefined : (preferred ?? 'node');
}

/** Every value each `SET NAME=value` / `SET "NAME=value"` line gives a name (both IF branches). */
function readSetCommands(lines: string[]): Map<string, string[]> {
  const variables = new Map<string, string[]>();
  for (const line of lines) {
    const match = /^@?SET\s+(?:"([^=]+)=(.*)"|([^=\s]+)=(.*))$/i.exec(line);
    if (!match) continue;
    const name = (match[1] ?? match[3] ?? '').toUpperCase();
    const value = match[2] ?? match[4] ?? '';
    variables.set(name, [...(variables.get(name) ?? []), value]);
  }
  return variables;
}

/** The program, flags and script of a line ending in `%*`, after any `… & ` prefix. */
function launchTokens(line: string): string[] | undefined {
  if (/^@?SET\s/i.test(line)) return undefined;
  const tokens = tokenize(line.replace(/^@/, ''));
  if (tokens.pop() !== '%*') return undefined;
  const lastAmpersand = tokens.lastIndexOf('&');
  const command = tokens.slice(lastAmpersand + 1).map((token) => token.replace(/^"(.*)"$/, '$1'));
  return command.length >= 2 ? command : undefined;
}

/** Splits on spaces outside double quotes, keeping the quotes on each token. */
function tokenize(line: string): string[] {
  return line.match(/(?:"[^"]*"|[^\s"])+/g) ?? [];
}

/** All fully known values of a token; values still holding `%` (run-time data) are dropped. */
function expand(
  token: string,
  folder: string,
  variables: Map<string, string[]>,
  depth = 0,
): string[] {
  const withFolder = token.replace(/%~dp0|%dp0%/gi, () => `${folder}\\`);
  const reference = /%([A-Z0-9_]+)%/i.exec(withFolder);
  if (reference === null) {
    return withFolder.includes('%') ? [] : [normalize(withFolder)];
  }
  const name = (reference[1] ?? '').toUpperCase();
  const values = depth < MAX_EXPANSION_DEPTH ? (variables.get(name) ?? []) : [];
  return values.flatMap((value) =>
    expand(
      withFolder.replace(reference[0], () => value),
      folder,
      variables,
      depth + 1,
    ),
  );
}

function normalize(value: string): string {
  return win32.isAbsolute(value) ? win32.normalize(value) : value;
}
