/**
 * Standing approvals for a shell tool, narrower than "always allow the tool": one exact command,
 * or the commands that start with a program and its subcommand (`git status`, `ls`). A prefix rule
 * only ever matches one plain command: anything that could run something else (`;`, `&&`, `|`,
 * redirections, substitutions, expansions, escalation, a shell or a wrapper as the program) asks.
 */
import { basename } from 'node:path';
import { detectEscalation, ESCALATORS, parseCommands, SHELLS, WRAPPERS } from '../../builtin';

export interface CommandRule {
  kind: 'exact' | 'prefix';
  /** The whole command (exact), or the words it must start with, one space apart (prefix). */
  text: string;
}

/** Prefixes are one program and at most this many subcommand words after it. */
const MAX_PREFIX_WORDS = 3;

/** Programs whose second word is a subcommand that says what they do (`git status`, `npm test`). */
const SUBCOMMAND_PROGRAMS = new Set([
  'apt',
  'brew',
  'cargo',
  'docker',
  'gh',
  'git',
  'go',
  'kubectl',
  'npm',
  'pip',
  'pnpm',
  'podman',
  'systemctl',
  'yarn',
]);

/** A word a prefix rule may hold: no quotes, spaces or shell syntax. */
const PLAIN_WORD = /^[A-Za-z0-9_.,:@%+=/-]+$/;

/** Characters that make the shell do more than run one program with literal arguments. */
const SHELL_SYNTAX = /[;&|<>()`$\n\r\\'"{}*?[\]~!#]/;

/** True when `command` is allowed by `rule`. */
export function matchesCommandRule(command: string, rule: CommandRule): boolean {
  if (rule.kind === 'exact') return command.trim() === rule.text.trim();
  const words = plainWords(command);
  const prefix = prefixWords(rule.text);
  if (!words || !prefix) return false;
  return prefix.every((word, index) => words[index] === word);
}

/**
 * The words of `command` when it is one plain program call with literal arguments, else
 * `undefined`. Quoted arguments are refused too: a rule should match what the user can read.
 */
export function plainWords(command: string): string[] | undefined {
  const trimmed = command.trim();
  if (trimmed === '' || SHELL_SYNTAX.test(trimmed)) return undefined;
  const commands = parseCommands(trimmed);
  const [only] = commands;
  if (commands.length !== 1 || !only || only.redirections.length > 0) return undefined;
  if (only.words.some((word) => word.dynamic || word.substitutions.length > 0)) return undefined;
  const words = only.words.map((word) => word.text);
  const [program] = words;
  // `FOO=bar cmd` changes the program's environment: never part of a rule.
  if (!program || program.includes('=') || !mayHaveRule(program)) return undefined;
  if (detectEscalation(trimmed).escalates) return undefined;
  return words;
}

/** The words of a prefix rule's text, or `undefined` when it is not one a rule may hold. */
export function prefixWords(text: string): string[] | undefined {
  const words = text.trim().split(/\s+/);
  const [program] = words;
  if (!program || words.length > MAX_PREFIX_WORDS) return undefined;
  if (!words.every((word) => PLAIN_WORD.test(word))) return undefined;
  if (program.includes('=') || !mayHaveRule(program)) return undefined;
  return words;
}

/** Shells, wrappers (`env`, `xargs`, `nice`…) and escalators run whatever follows them. */
function mayHaveRule(program: string): boolean {
  const name = basename(program);
  return !SHELLS.has(name) && !Object.hasOwn(WRAPPERS, name) && !Object.hasOwn(ESCALATORS, name);
}

/**
 * The prefix rule to offer for `command`: its program, and its subcommand for programs that have
 * them (`git status`, not `ls -la` or `echo hello`). `undefined` when no prefix rule could match it.
 */
export function suggestPrefix(command: string): string | undefined {
  const words = plainWords(command);
  if (!words) return undefined;
  const [program, subcommand] = words;
  if (!program) return undefined;
  const prefix =
    subcommand !== undefined &&
    SUBCOMMAND_PROGRAMS.has(basename(program)) &&
    /^[a-z][a-z0-9-]*$/.test(subcommand)
      ? `${program} ${subcommand}`
      : program;
  return prefixWords(prefix) ? prefix : undefined;
}

/**
 * Checks a rule the user typed (in Settings) or chose; returns it normalised, or a sentence
 * saying why it cannot be a rule.
 */
export function normaliseCommandRule(rule: CommandRule): CommandRule | string {
  if (rule.kind === 'exact') {
    const text = rule.text.trim();
    return text ? { kind: 'exact', text } : 'Write the command.';
  }
  const words = prefixWords(rule.text);
  if (!words) {
    return `“${rule.text.trim()}” cannot be a prefix rule: use a program and at most ${MAX_PREFIX_WORDS - 1} plain words after it (no quotes, pipes or other shell syntax), and not a shell, sudo or a program that runs other commands.`;
  }
  return { kind: 'prefix', text: words.join(' ') };
}
