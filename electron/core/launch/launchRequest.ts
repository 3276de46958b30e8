/**
 * What a start of Hearth asks for: install a bundle (`hearth --install FILE`, or a `.mcpb` the
 * system opens with Hearth, as a path or, from a desktop file's `%U`, a `file://` URL), open the
 * quick chat (`hearth --quick-chat`), or just the window. A second instance works this out from
 * its own command line (as typed) and its own folder, and hands it to the running Hearth as the
 * single-instance lock's `additionalData`, which arrives unchanged (docs/api/app.md advises it:
 * the `argv` the first instance gets is reordered and has switches added). Only when that data is
 * missing does the first instance read the `argv` it was given, by switch name.
 */
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readCommandLine } from './commandLine';

export const INSTALL_SWITCH = 'install';
export const QUICK_CHAT_SWITCH = 'quick-chat';
const BUNDLE_FILE = /\.(mcpb|dxt)$/i;

export type LaunchRequest =
  { open: 'bundle'; file: string } | { open: 'quick-chat' } | { open: 'window' };

/** The absolute path a command-line argument names: a path, or a `file://` URL (from `%U`). */
function fileOf(argument: string, cwd: string): string | undefined {
  if (/^file:/i.test(argument)) {
    try {
      return fileURLToPath(argument);
    } catch {
      return undefined;
    }
  }
  // Any other URL (`https://…/x.mcpb`) is no file on this computer.
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(argument)) return undefined;
  return resolve(cwd, argument);
}

/** What `argv` (the program first) asks for; relative paths are taken from `cwd`. */
export function launchRequestFromArguments(argv: readonly string[], cwd: string): LaunchRequest {
  const line = readCommandLine(argv, [INSTALL_SWITCH]);
  const install = line.switches.get(INSTALL_SWITCH);
  const named =
    typeof install === 'string'
      ? install
      : install
        ? line.following.get(INSTALL_SWITCH)
        : undefined;
  // A bundle opened with Hearth (or `--install` whose file Chromium moved behind its switches).
  const bare = line.positionals.find((argument) => BUNDLE_FILE.test(argument));
  const file = named ? fileOf(named, cwd) : bare ? fileOf(bare, cwd) : undefined;
  if (file) return { open: 'bundle', file };
  if (line.switches.has(QUICK_CHAT_SWITCH)) return { open: 'quick-chat' };
  return { open: 'window' };
}

const handedOverSchema = z.strictObject({
  hearthLaunch: z.union([
    z.strictObject({
      open: z.literal('bundle'),
      file: z.string().min(1).max(4_096).refine(isAbsolute, 'an absolute path'),
    }),
    z.strictObject({ open: z.literal('quick-chat') }),
    z.strictObject({ open: z.literal('window') }),
  ]),
});

/** The single-instance lock's `additionalData` a second instance sends for `request`. */
export function launchHandOver(request: LaunchRequest): Record<string, unknown> {
  return { hearthLaunch: request };
}

/**
 * What a second instance asked for: its `additionalData` when that is Hearth's, else its `argv`
 * read by switch name (switches Chromium and Electron add are ignored).
 */
export function launchRequestFromSecondInstance(
  argv: readonly string[],
  cwd: string,
  additionalData: unknown,
): LaunchRequest {
  const handed = handedOverSchema.safeParse(additionalData);
  if (handed.success) return handed.data.hearthLaunch;
  return launchRequestFromArguments(argv, cwd);
}
