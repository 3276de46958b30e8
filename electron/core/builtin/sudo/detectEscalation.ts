/**
 * Finds privilege escalation anywhere in a shell command, so the chat loop can ask the user for
 * the password before the command runs, and can refuse a command that brings its own password.
 *
 * The rule when unsure is to flag: a false alarm only asks the user for a password (and the user
 * sees the command), a miss would run something as root behind the user's back. So:
 * - every place a command can start is checked: after `;`, `&&`, `||`, `|`, `&`, newlines, inside
 *   `$(…)`, backticks, `<(…)`, `( … )`, `{ …; }`, after `if`/`then`/`do`/`!`, after wrappers that
 *   run their arguments (`env`, `nice`, `time`, `xargs`, `timeout`…), inside `sh -c '…'`,
 *   `eval`, `watch`, `find -exec`; a name is matched without its path, quotes or case
 *   (`/usr/bin/sudo`, `'sudo'`, `s\udo`; `SUDO` runs sudo on macOS's case-insensitive disk);
 * - an argument of a program we do not know is read as a script too, since many programs run
 *   their arguments (`ssh host sudo …`, `parallel`, `script -c`, `alias x=sudo`);
 * - arguments of programs that only print or search their arguments (`echo`, `printf`, `grep`,
 *   `man`, `which`…) are data: `echo "use sudo carefully"` is NOT flagged. The parser knows
 *   quoting, so such text can only run through a substitution (`echo "$(sudo cat f)"`, always
 *   checked) or when piped into a shell (`echo 'sudo x' | sh`), and a script that feeds a shell
 *   on stdin has every word read as code.
 * - a command whose name comes from an expansion (`$(which sudo) x`, `$SUDO x`) is flagged when
 *   the expansion mentions an escalation program.
 */
import {
  DATA_HEADS,
  DATA_PROGRAMS,
  ESCALATORS,
  PREFIX_WORDS,
  SHELLS,
  WRAPPERS,
  type EscalationProgram,
  type WrapperSpec,
} from './programTables';
import { parseCommands, type ShellWord, type SimpleCommand } from './shellSyntax';

export type Escalation =
  { escalates: false } | { escalates: true; via: EscalationProgram; pipedPassword: boolean };

interface Finding {
  via: EscalationProgram;
  pipedPassword: boolean;
}

interface Context {
  depth: number;
  /** Read an unknown program's arguments as scripts; off inside such a reading, to stay finite. */
  argumentsAsCode: boolean;
  /** The script pipes into a shell, so even `echo`'s arguments may run. */
  everyWordAsCode: boolean;
}

/** Nesting deeper than this is not parsed; the text is flagged if it names an escalator at all. */
const MAX_DEPTH = 12;

const MENTIONS_ESCALATOR = /(^|[^a-z0-9])(sudo|doas|pkexec|su|run0)($|[^a-z0-9])/i;

/** Says whether `command` escalates privileges anywhere, and whether it supplies a password itself. */
export function detectEscalation(command: string): Escalation {
  const findings = scanScript(command, { depth: 0, argumentsAsCode: true, everyWordAsCode: false });
  const first = findings[0];
  if (first === undefined) return { escalates: false };
  // An askpass helper supplies the password as surely as `-S` does.
  const askpass = /SUDO_ASKPASS/.test(command);
  return {
    escalates: true,
    via: first.via,
    pipedPassword: askpass || findings.some((finding) => finding.pipedPassword),
  };
}

function scanScript(script: string, context: Context): Finding[] {
  if (context.depth > MAX_DEPTH) return guessFrom(script);
  const commands = parseCommands(script);
  const everyWordAsCode = context.everyWordAsCode || commands.some(feedsShellOnStdin);
  const inner: Context = { ...context, everyWordAsCode };
  const findings: Finding[] = [];
  for (const command of commands) {
    for (const word of allWords(command)) {
      for (const substitution of word.substitutions) {
        findings.push(
          ...scanScript(substitution, {
            depth: context.depth + 1,
            argumentsAsCode: true,
            everyWordAsCode: false,
          }),
        );
      }
    }
    findings.push(...scanCommand(command.words, command, inner));
  }
  return findings;
}

function scanCommand(words: ShellWord[], command: SimpleCommand, context: Context): Finding[] {
  let index = 0;
  while (
    index < words.length &&
    (isAssignment(words[index]) || PREFIX_WORDS.has(words[index]?.text ?? ''))
  ) {
    index += 1;
  }
  const head = words[index];
  if (head === undefined) return [];
  const name = programName(head.text);
  const rest = words.slice(index + 1);
  const findings: Finding[] = [];
  if (head.dynamic && MENTIONS_ESCALATOR.test([head.raw, ...head.substitutions].join(' '))) {
    findings.push(...guessFrom(head.raw + ' ' + head.substitutions.join(' ')));
  }
  if (DATA_HEADS.has(name)) return findings;

  const via = ESCALATORS[name];
  if (via !== undefined) {
    findings.push({ via, pipedPassword: via === 'sudo' && feedsSudoPassword(rest) });
  }
  const wrapper = WRAPPERS[name];
  if (wrapper !== undefined) return [...findings, ...scanWrapped(rest, wrapper, command, context)];
  if (via !== undefined) return findings;
  if (SHELLS.has(name)) return [...findings, ...scanShell(rest, command, context)];
  if (name === 'eval') return [...findings, ...scanScript(texts(rest).join(' '), deeper(context))];
  if (name === 'find') return [...findings, ...scanFindExec(rest, command, context)];
  if (DATA_PROGRAMS.has(name) && !context.everyWordAsCode) return findings;
  if (context.argumentsAsCode || context.everyWordAsCode)
    findings.push(...scanArguments(rest, context));
  return findings;
}

/** Skips a wrapper's options and fixed arguments, then scans the command it runs. */
function scanWrapped(
  words: ShellWord[],
  spec: WrapperSpec,
  command: SimpleCommand,
  context: Context,
): Finding[] {
  const findings: Finding[] = [];
  let index = 0;
  let positionals = spec.positionals ?? 0;
  while (index < words.length) {
    const text = words[index]?.text ?? '';
    if (text === '--') {
      index += 1;
      break;
    }
    if (text.startsWith('--')) {
      const takesValue = !text.includes('=') && (spec.longValueOptions ?? []).includes(text);
      index += takesValue ? 2 : 1;
    } else if (text.startsWith('-') && text.length > 1) {
      const { value, consumesNext } = shortOptionValue(
        text,
        spec.valueOptions ?? '',
        words[index + 1]?.text,
      );
      if (
        value !== undefined &&
        value.option !== undefined &&
        (spec.codeOptions ?? '').includes(value.option)
      ) {
        findings.push(...scanScript(value.text, deeper(context)));
      }
      // `command -v sudo` names a program, it does not run it.
      if (spec === WRAPPERS.command && /^-[pvV]*[vV]/.test(text)) return findings;
      index += consumesNext ? 2 : 1;
    } else if (spec.assignments === true && isAssignment(words[index])) {
      index += 1;
    } else if (positionals > 0) {
      positionals -= 1;
      index += 1;
    } else {
      break;
    }
  }
  const runs = words.slice(index);
  if (spec.joinsArguments === true)
    return [...findings, ...scanScript(texts(runs).join(' '), deeper(context))];
  return [...findings, ...scanCommand(runs, command, context)];
}

/** For `-n10` / `-n 10` / `-kS`: the value of the first value-taking letter, if any. */
function shortOptionValue(
  text: string,
  valueOptions: string,
  next: string | undefined,
): { value?: { option?: string; text: string }; consumesNext: boolean } {
  for (let position = 1; position < text.length; position += 1) {
    const letter = text[position] ?? '';
    if (!valueOptions.includes(letter)) continue;
    const attached = text.slice(position + 1);
    if (attached !== '') return { value: { option: letter, text: attached }, consumesNext: false };
    return { value: { option: letter, text: next ?? '' }, consumesNext: next !== undefined };
  }
  return { consumesNext: false };
}

/** `sh -c 'script'`, `bash -lc "…"`, `bash <<< '…'`: scans the script the shell will run. */
function scanShell(words: ShellWord[], command: SimpleCommand, context: Context): Finding[] {
  const { script } = shellScript(words);
  const findings: Finding[] = [];
  if (script !== undefined) findings.push(...scanScript(script, deeper(context)));
  for (const redirection of command.redirections) {
    if (redirection.operator === '<<<' && redirection.target !== undefined) {
      findings.push(...scanScript(redirection.target.text, deeper(context)));
    }
  }
  return findings;
}

function shellScript(words: ShellWord[]): { script?: string; readsStdin: boolean } {
  let runsString = false;
  let readsStdin = false;
  for (let index = 0; index < words.length; index += 1) {
    const text = words[index]?.text ?? '';
    if (text === '--' || text === '-') {
      const next = words[index + 1]?.text;
      return runsString ? { script: next ?? '', readsStdin } : { readsStdin: next === undefined };
    }
    if (text.startsWith('--')) {
      if (text === '--rcfile' || text === '--init-file') index += 1;
      continue;
    }
    if ((text.startsWith('-') || text.startsWith('+')) && text.length > 1) {
      const letters = text.slice(1);
      if (letters.includes('c')) runsString = true;
      if (letters.includes('s')) readsStdin = true;
      if (letters.includes('o') || letters.includes('O')) index += 1;
      continue;
    }
    return runsString ? { script: text, readsStdin } : { readsStdin };
  }
  return { readsStdin: !runsString };
}

/** A shell reading its script from stdin (`… | sh`, `bash -s`) runs whatever is piped to it. */
function feedsShellOnStdin(command: SimpleCommand): boolean {
  const words = command.words.filter((word) => !isAssignment(word));
  const head = words[0];
  if (head === undefined || !SHELLS.has(programName(head.text))) return false;
  return shellScript(words.slice(1)).readsStdin;
}

function scanFindExec(words: ShellWord[], command: SimpleCommand, context: Context): Finding[] {
  const findings: Finding[] = [];
  words.forEach((word, index) => {
    if (!['-exec', '-execdir', '-ok', '-okdir'].includes(word.text)) return;
    const rest = words.slice(index + 1);
    const end = rest.findIndex((candidate) => candidate.text === ';' || candidate.text === '+');
    findings.push(...scanCommand(end === -1 ? rest : rest.slice(0, end), command, context));
  });
  return findings;
}

/** An unknown program's arguments, each read as a script (and `name=value`'s value too). */
function scanArguments(words: ShellWord[], context: Context): Finding[] {
  const reading: Context = { ...deeper(context), argumentsAsCode: false, everyWordAsCode: false };
  const findings: Finding[] = [];
  for (const word of words) {
    findings.push(...scanScript(word.text, reading));
    const assigned = /^[A-Za-z_][A-Za-z0-9_]*=(.+)$/s.exec(word.text)?.[1];
    if (assigned !== undefined) findings.push(...scanScript(assigned, reading));
  }
  return findings;
}

/** `sudo -S`, `--stdin`, `-A`, `--askpass`: the command supplies sudo's password itself. */
function feedsSudoPassword(words: ShellWord[]): boolean {
  const valueLetters = WRAPPERS.sudo?.valueOptions ?? '';
  for (let index = 0; index < words.length; index += 1) {
    const text = words[index]?.text ?? '';
    if (text === '--' || !text.startsWith('-') || text === '-') return false;
    if (text === '--stdin' || text === '--askpass') return true;
    if (text.startsWith('--')) {
      if (!text.includes('=') && WRAPPERS.sudo?.longValueOptions?.includes(text)) index += 1;
      continue;
    }
    for (const letter of text.slice(1)) {
      if (letter === 'S' || letter === 'A') return true;
      if (valueLetters.includes(letter)) {
        if (text.endsWith(letter)) index += 1;
        break;
      }
    }
  }
  return false;
}

/** Too deep, or hidden in an expansion: flag by name, without parsing. */
function guessFrom(text: string): Finding[] {
  const match = MENTIONS_ESCALATOR.exec(text);
  if (match?.[2] === undefined) return [];
  const via = ESCALATORS[match[2].toLowerCase()] ?? 'sudo';
  return [
    { via, pipedPassword: via === 'sudo' && /(^|\s)(-[a-zA-Z]*[SA]|--stdin|--askpass)/.test(text) },
  ];
}

/** `/usr/bin/SUDO.exe` → `sudo`. */
function programName(text: string): string {
  const base = text.split(/[\\/]/).pop() ?? '';
  return base.toLowerCase().replace(/\.exe$/, '');
}

function isAssignment(word: ShellWord | undefined): boolean {
  return word !== undefined && /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/.test(word.text);
}

function allWords(command: SimpleCommand): ShellWord[] {
  const targets = command.redirections.flatMap((redirection) =>
    redirection.target ? [redirection.target] : [],
  );
  return [...command.words, ...targets];
}

function texts(words: ShellWord[]): string[] {
  return words.map((word) => word.text);
}

function deeper(context: Context): Context {
  return { ...context, depth: context.depth + 1 };
}
