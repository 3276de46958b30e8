/**
 * The `run_shell_command` tool. A command that escalates privileges runs only with a sudo ticket
 * the chat loop attached after asking the user for the password; the ticket is redeemed for this
 * exact command, and a command that supplies its own password is refused outright.
 */
import { stat } from 'node:fs/promises';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type {
  CallToolResult,
  ServerNotification,
  ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { detectEscalation } from '../sudo/detectEscalation';
import type { SudoTickets } from '../sudo/sudoTickets';
import { errorResult } from '../userPath';
import { runCommand, type RunCommandResult } from './runCommand';
import type { ShellSandbox } from '../../sandbox';
import { minimalEnvironment } from '../../security/minimalEnvironment';
import {
  commandEnvironment,
  commandFolder,
  DEFAULT_COMMAND_FOLDER,
  prepareCommandFolder,
  type CommandSettings,
} from './commandPlace';
import {
  protectedFolderHolding,
  protectedFolderNamed,
  protectedRefusal,
} from '../../security/protectedFolders';

/** Where the chat loop puts the ticket in the `tools/call` request's `_meta`. */
export const SUDO_TICKET_META_KEY = 'io.hearth/sudoTicket';

/** The tool's name, as its server lists it. */
export const SHELL_TOOL_NAME = 'run_shell_command';

export const DEFAULT_COMMAND_TIMEOUT_SECONDS = 60;

/** Ten minutes: long enough for an upgrade or a build, short enough that a hung command ends. */
export const MAX_COMMAND_TIMEOUT_SECONDS = 600;

/**
 * 64 KiB of output is about 16k tokens, already more than a small model's whole context can
 * spare; the beginning of a long output is usually the part that matters.
 */
export const DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024;

/** How often a running command reports progress, so a client's timeout that progress resets holds. */
const PROGRESS_INTERVAL_MS = 10_000;

export interface ShellToolOptions {
  tickets: SudoTickets;
  platform: NodeJS.Platform;
  timeoutMs: number;
  maxOutputBytes: number;
  /** Hearth's own folders: a command naming one, or run in one, is refused. */
  protectedFolders?: readonly string[];
  /** The OS sandbox commands run in (not sudo's: that path runs outside, after its approval). */
  sandbox?: ShellSandbox;
  /** Settings › Chat's folder and variables for commands; the defaults when absent. */
  settings?(): CommandSettings;
  /**
   * The environment commands start from: Hearth's, with the login shell's PATH (the one servers
   * get, and whose folders the sandbox keeps read-only). `process.env` when absent (tests).
   */
  environment?(): NodeJS.ProcessEnv;
}

const NO_SETTINGS: CommandSettings = { folder: '', variables: [] };

/** Registers `run_shell_command` on `server`. */
export function registerShellTool(server: McpServer, options: ShellToolOptions): void {
  const windows = options.platform === 'win32';
  const shellName = windows ? 'cmd.exe' : '/bin/sh';
  const defaultSeconds = Math.max(1, Math.round(options.timeoutMs / 1000));
  server.registerTool(
    'run_shell_command',
    {
      title: 'Run shell command',
      description: [
        `Run one shell command on the user's computer with ${shellName} and get back its exit code, stdout and stderr.`,
        'The user sees and approves every command before it runs.',
        'Use it when a task needs a program, for example `df -h`, `git status` or `ls -la ~/Downloads`.',
        'The command cannot ask questions: it gets no input, so add flags such as `-y` where a program would ask.',
        windows
          ? 'Administrator (sudo) commands cannot run here.'
          : 'To run something as administrator, write `sudo` in front as usual; Hearth asks the user for the password. Never put a password in the command, never use `sudo -S` and never pipe a password into sudo: such commands are refused.',
        `Output longer than ${Math.round(options.maxOutputBytes / 1024)} KB is cut. It stops after ${defaultSeconds} seconds unless you set timeout_seconds (at most ${MAX_COMMAND_TIMEOUT_SECONDS}).`,
      ].join(' '),
      inputSchema: {
        command: z
          .string()
          .min(1)
          .describe('The complete shell command to run, e.g. "ls -la ~/Documents".'),
        cwd: z
          .string()
          .optional()
          .describe(
            `Folder to run the command in, e.g. "~/projects/site"; the command may write only there. Default: the user's folder for commands (${DEFAULT_COMMAND_FOLDER} unless they chose another).`,
          ),
        timeout_seconds: z
          .number()
          .int()
          .min(1)
          .max(MAX_COMMAND_TIMEOUT_SECONDS)
          .optional()
          .describe(
            `Seconds before the command is stopped. Default ${defaultSeconds}, at most ${MAX_COMMAND_TIMEOUT_SECONDS}.`,
          ),
      },
      annotations: {
        title: 'Run shell command',
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
    async ({ command, cwd, timeout_seconds }, extra) => {
      const settings = options.settings?.() ?? NO_SETTINGS;
      await prepareCommandFolder(cwd, settings).catch(() => undefined);
      const directory = commandFolder(cwd, settings);
      const base = options.environment?.() ?? process.env;
      const environment = commandEnvironment(base, settings);
      const guarded = options.protectedFolders ?? [];
      const off =
        protectedFolderNamed(command, guarded) ?? protectedFolderHolding(directory, guarded);
      if (off !== undefined) return errorResult(protectedRefusal(off));
      const escalation = detectEscalation(command);
      if (escalation.escalates && escalation.pipedPassword) {
        return errorResult(
          'Refused: this command supplies a password to sudo itself (sudo -S, --stdin, -A or an askpass helper). ' +
            'It was not run. Write the command with plain `sudo` and no password; Hearth asks the user for it.',
        );
      }
      if (escalation.escalates && windows) {
        return errorResult(
          `This command needs ${escalation.via}, which Hearth cannot run on Windows. It was not run.`,
        );
      }
      // Checked before a ticket is redeemed, so a typo in cwd does not use up the password.
      const problem = await checkDirectory(directory);
      if (problem !== undefined) return errorResult(`${problem} The command was not run.`);
      let password: string | undefined;
      if (escalation.escalates) {
        const ticket = extra._meta?.[SUDO_TICKET_META_KEY];
        password = typeof ticket === 'string' ? options.tickets.redeem(ticket, command) : undefined;
        if (password === undefined) {
          return errorResult(
            `This command uses ${escalation.via}, so it needs the user's password, and none was given for it. It was not run.`,
          );
        }
      }

      const timeoutMs = timeout_seconds === undefined ? options.timeoutMs : timeout_seconds * 1000;
      const boxed =
        options.sandbox && password === undefined
          ? await options.sandbox.wrap(command, directory, environment)
          : undefined;
      if (boxed && !boxed.ok && !boxed.runAnyway)
        return errorResult(`${boxed.message} The command was not run.`);
      const stopProgress = reportProgress(extra);
      try {
        const run = runCommand(command, {
          env: environment,
          ...(boxed?.ok ? { spawnAs: boxed, env: boxed.env } : {}),
          cwd: directory,
          timeoutMs,
          maxOutputBytes: options.maxOutputBytes,
          signal: extra.signal,
          password,
          // As root, only the few variables every server gets: none of Hearth's tokens or keys.
          ...(password === undefined ? {} : { env: minimalEnvironment(base) }),
        });
        password = undefined;
        const result = await run;
        if (result.wrongPassword === true) {
          return errorResult(
            'The password was wrong, so sudo refused and the command was not run. It was not retried.',
          );
        }
        const formatted = formatResult(result, timeoutMs);
        if (boxed && !boxed.ok) return withNote(formatted, boxed.message);
        const blocked = boxed?.ok ? boxed.blocked(`${result.stdout}\n${result.stderr}`) : [];
        return blocked.length === 0 ? formatted : withSandboxNote(formatted, blocked, directory);
      } catch (error) {
        return errorResult(
          `The command could not be started: ${error instanceof Error ? error.message : String(error)}`,
        );
      } finally {
        stopProgress();
        if (boxed?.ok) boxed.release();
      }
    },
  );
}

/** The text a small model reads: exit code first, then each stream under its own label. */
export function formatResult(result: RunCommandResult, timeoutMs: number): CallToolResult {
  const lines = [
    result.exitCode === null
      ? `Exit code: none (stopped by ${result.signal ?? 'a signal'})`
      : `Exit code: ${result.exitCode}`,
    'stdout:',
    result.stdout === '' ? '(empty)' : result.stdout.replace(/\n$/, ''),
    'stderr:',
    result.stderr === '' ? '(empty)' : result.stderr.replace(/\n$/, ''),
  ];
  if (result.truncated) lines.push('Note: the output was too long; only its beginning is shown.');
  if (result.timedOut)
    lines.push(`Note: the command ran longer than ${timeoutMs / 1000} seconds and was stopped.`);
  if (result.cancelled) lines.push('Note: the command was cancelled before it finished.');
  return { content: [{ type: 'text', text: lines.join('\n') }], isError: result.exitCode !== 0 };
}

/** Says on the result that the sandbox refused something, and what the command may touch. */
function withSandboxNote(
  result: CallToolResult,
  blocked: string[],
  directory: string,
): CallToolResult {
  return withNote(
    result,
    `the command ran in Hearth's sandbox, which may write only in ${directory} and a temp folder of its own and reaches no network; it ${blocked.join('; ')}.`,
  );
}

/** A line after the command's output ("Note: …"), e.g. that it ran without the sandbox. */
function withNote(result: CallToolResult, note: string): CallToolResult {
  const [first, ...rest] = result.content;
  const text = first?.type === 'text' ? `${first.text}\nNote: ${note}` : `Note: ${note}`;
  return { ...result, content: [{ type: 'text', text }, ...rest] };
}

async function checkDirectory(directory: string): Promise<string | undefined> {
  try {
    const info = await stat(directory);
    return info.isDirectory() ? undefined : `${directory} is not a folder.`;
  } catch {
    return `The folder ${directory} does not exist or cannot be opened.`;
  }
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** Sends `notifications/progress` while the command runs, when the caller asked for progress. */
function reportProgress(extra: Extra): () => void {
  const token = extra._meta?.progressToken;
  if (token === undefined) return () => undefined;
  const started = Date.now();
  const timer = setInterval(() => {
    const seconds = Math.round((Date.now() - started) / 1000);
    void extra
      .sendNotification({
        method: 'notifications/progress',
        params: {
          progressToken: token,
          progress: seconds,
          message: `Still running after ${seconds} s`,
        },
      })
      .catch(() => undefined);
  }, PROGRESS_INTERVAL_MS);
  return () => clearInterval(timer);
}
