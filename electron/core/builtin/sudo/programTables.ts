/**
 * What the escalation detector knows about programs: which escalate, which run their arguments
 * as a command (and how to skip their options), which are shells, and which only print or search
 * their arguments. Names are compared in lower case, without a path or `.exe`.
 */
/** The families of programs that run a command with more privileges. */
export type EscalationProgram = 'sudo' | 'doas' | 'pkexec' | 'su' | 'run0';

/** Programs that run a command with more privileges, and the family each belongs to. */
export const ESCALATORS: Record<string, EscalationProgram> = {
  sudo: 'sudo',
  sudoedit: 'sudo',
  'sudo-rs': 'sudo',
  gksudo: 'sudo',
  kdesudo: 'sudo',
  doas: 'doas',
  pkexec: 'pkexec',
  su: 'su',
  gksu: 'su',
  kdesu: 'su',
  run0: 'run0',
};

export interface WrapperSpec {
  /** Short or long options that take a value: `-n 10`, `-n10`, `--adjustment 10`. */
  valueOptions?: string;
  longValueOptions?: string[];
  /** Option letters whose value is itself a script (`env -S '…'`, `flock -c '…'`). */
  codeOptions?: string;
  /** Positional arguments before the command (`timeout 5 cmd`, `chrt 10 cmd`). */
  positionals?: number;
  /** `VAR=value` words before the command, as `env` takes them. */
  assignments?: boolean;
  /** Runs its arguments joined into one shell string (`watch`). */
  joinsArguments?: boolean;
}

/** Programs that run the rest of their arguments as a command. */
export const WRAPPERS: Record<string, WrapperSpec> = {
  env: {
    valueOptions: 'uCPS',
    longValueOptions: ['--unset', '--chdir'],
    codeOptions: 'S',
    assignments: true,
  },
  nice: { valueOptions: 'n', longValueOptions: ['--adjustment'] },
  nohup: {},
  setsid: {},
  time: { valueOptions: 'fo', longValueOptions: ['--format', '--output'] },
  exec: { valueOptions: 'a' },
  command: {},
  builtin: {},
  stdbuf: { valueOptions: 'ioe', longValueOptions: ['--input', '--output', '--error'] },
  timeout: { valueOptions: 'sk', longValueOptions: ['--signal', '--kill-after'], positionals: 1 },
  ionice: { valueOptions: 'cnu', longValueOptions: ['--class', '--classdata'] },
  chrt: { positionals: 1 },
  taskset: { positionals: 1 },
  xargs: {
    valueOptions: 'ILnPdEsa',
    longValueOptions: ['--max-args', '--max-procs', '--delimiter', '--arg-file'],
  },
  flock: { valueOptions: 'wEc', codeOptions: 'c', positionals: 1 },
  unbuffer: {},
  caffeinate: { valueOptions: 'wt' },
  strace: { valueOptions: 'oespuaS' },
  ltrace: { valueOptions: 'oespuaS' },
  chroot: { positionals: 1 },
  busybox: {},
  watch: { valueOptions: 'nd', longValueOptions: ['--interval'], joinsArguments: true },
  // sudo's own options, for commands nested in it (`sudo -u x sh -c 'sudo -S …'`).
  sudo: {
    valueOptions: 'CDghpRrTUu',
    longValueOptions: ['--user', '--group', '--prompt', '--chdir'],
  },
  doas: { valueOptions: 'uC' },
  pkexec: { longValueOptions: ['--user'] },
  run0: { valueOptions: 'uDg', longValueOptions: ['--user', '--chdir', '--setenv'] },
};

export const SHELLS = new Set([
  'sh',
  'bash',
  'dash',
  'zsh',
  'ksh',
  'mksh',
  'ash',
  'fish',
  'csh',
  'tcsh',
]);

/** Words that may precede a command without being it. */
export const PREFIX_WORDS = new Set([
  '!',
  '{',
  '}',
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'do',
  'done',
  'while',
  'until',
  'coproc',
  'function',
]);

/** Compound-command heads whose remaining words are patterns and lists of values, not commands. */
export const DATA_HEADS = new Set(['for', 'case', 'select', 'in', 'esac']);

/** Programs that never run an argument as a command: they print, search or name it. */
export const DATA_PROGRAMS = new Set([
  ...['echo', 'printf', 'grep', 'egrep', 'fgrep', 'zgrep', 'rg', 'ag', 'ack', 'man', 'info'],
  ...['whatis', 'apropos', 'which', 'whereis', 'type', 'hash', 'help', 'cat', 'tac', 'less'],
  ...['more', 'head', 'tail', 'wc', 'ls', 'stat', 'file', 'sort', 'uniq', 'cut', 'tr', 'test'],
  ...['[', '[[', 'true', 'false', ':', 'printenv', 'dirname', 'basename', 'realpath', 'readlink'],
  ...['diff', 'cmp', 'locate', 'plocate', 'journalctl', 'id', 'groups', 'getent', 'last'],
  ...['dpkg-query', 'apt-cache', 'cd', 'pushd', 'popd', 'mkdir', 'rmdir', 'touch', 'cp', 'mv'],
  ...['rm', 'ln', 'du', 'df', 'tree'],
]);
