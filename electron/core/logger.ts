/**
 * The main process's logger. Lines go to the sinks given (stderr, a log file); nothing here knows
 * about Electron. Every line passes through `redact` first, so a secret registered with
 * `addSecret` never reaches a sink, whatever code logged it.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const LEVEL_RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Shortest string worth redacting: shorter ones would blank out ordinary words. */
const MIN_SECRET_LENGTH = 4;

export interface Logger {
  debug(message: string, detail?: unknown): void;
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
  /** A logger whose lines carry `scope` after this one's. */
  child(scope: string): Logger;
}

export type LogSink = (line: string) => void;

interface LoggerState {
  sinks: LogSink[];
  minimum: LogLevel;
  secrets: Set<string>;
  now: () => Date;
}

export interface RootLogger extends Logger {
  /** Any later line containing `secret` shows `[redacted]` in its place. */
  addSecret(secret: string): void;
  removeSecret(secret: string): void;
}

/** Creates the root logger; pass `now` in tests for stable timestamps. */
export function createLogger(options: {
  sinks: LogSink[];
  minimum?: LogLevel;
  now?: () => Date;
}): RootLogger {
  const state: LoggerState = {
    sinks: options.sinks,
    minimum: options.minimum ?? 'info',
    secrets: new Set(),
    now: options.now ?? (() => new Date()),
  };
  const root = scopedLogger(state, 'hearth');
  return {
    ...root,
    addSecret(secret) {
      if (secret.length >= MIN_SECRET_LENGTH) state.secrets.add(secret);
    },
    removeSecret(secret) {
      state.secrets.delete(secret);
    },
  };
}

function scopedLogger(state: LoggerState, scope: string): Logger {
  const write = (level: LogLevel) => (message: string, detail?: unknown) => {
    if (LEVEL_RANK[level] < LEVEL_RANK[state.minimum]) return;
    const suffix = detail === undefined ? '' : ` ${describe(detail)}`;
    const line = redact(
      `${state.now().toISOString()} ${level.toUpperCase()} [${scope}] ${message}${suffix}`,
      state.secrets,
    );
    for (const sink of state.sinks) sink(line);
  };
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (child) => scopedLogger(state, `${scope}:${child}`),
  };
}

function describe(detail: unknown): string {
  if (detail instanceof Error) return detail.stack ?? `${detail.name}: ${detail.message}`;
  if (typeof detail === 'string') return detail;
  try {
    return JSON.stringify(detail);
  } catch {
    return String(detail);
  }
}

/** Replaces every occurrence of every secret in `line`. */
export function redact(line: string, secrets: Iterable<string>): string {
  // Longest first, so a secret that contains another is hidden whole; each also in the escaped
  // form JSON gives it, since details are logged as JSON.
  const forms = [...secrets].flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]);
  let result = line;
  for (const form of [...new Set(forms)].sort((a, b) => b.length - a.length)) {
    result = result.split(form).join('[redacted]');
  }
  return result;
}

/** A sink writing to the process's stderr, which stays free of stdout's machine-read output. */
export const stderrSink: LogSink = (line) => {
  process.stderr.write(`${line}\n`);
};
