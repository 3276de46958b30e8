/**
 * One JSON file in the data folder, validated by a zod schema, written atomically through `conf`
 * (the engine electron-store wraps, usable without Electron; it writes a temporary file, fsyncs
 * and renames). After each good write a copy goes to `NAME.json.bak`, written the same way. A
 * file that cannot be read is never wiped silently: it is kept aside under a timestamped name,
 * the last good copy is restored (or, without one, the schema's defaults are used), and the
 * caller is told so it can tell the user. A write that fails (full disk, read-only folder)
 * throws a plain-words error and leaves both the file and what `read()` returns unchanged.
 */
import { existsSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Conf from 'conf';
import type { z } from 'zod';
import { describePayloadIssues } from '../bridge/router';
import { UserFacingError } from '../bridge/errors';
import { describeWriteFailure, writeFileAtomically } from './atomicFile';

export interface JsonDocument<T> {
  read(): T;
  /** Validates, then replaces the whole file atomically. */
  write(value: T): void;
  readonly path: string;
}

export interface OpenDocumentOptions<T> {
  dataDir: string;
  /** File name without `.json`. */
  name: string;
  schema: z.ZodType<T, Record<string, unknown>>;
  /** What the file holds, for the message: "Your settings", "Your server list". */
  what: string;
  /** What Hearth used instead, for the message: "default settings". */
  insteadUsed: string;
  /** Called once with a sentence for the user when the file on disk could not be used. */
  onProblem(message: string): void;
  now?: () => Date;
}

export function openJsonDocument<T extends Record<string, unknown>>(
  options: OpenDocumentOptions<T>,
): JsonDocument<T> {
  const { dataDir, name, onProblem, now = () => new Date() } = options;
  const file = join(dataDir, `${name}.json`);
  const backup = `${file}.bak`;
  let opened: { conf: Conf<T>; current: T };
  try {
    opened = load(options);
    // A file that was fine before backups existed gets its first copy now.
    if (existsSync(file) && !existsSync(backup)) saveBackup(backup, opened.current);
  } catch (error) {
    const keptAs = setAside(file, now());
    const reason = error instanceof Error ? error.message : String(error);
    opened = load(options);
    const restored = readBackup(backup, options.schema);
    if (restored) {
      try {
        opened.conf.store = restored.value;
      } catch {
        // A folder Hearth cannot write in: the copy is still used for this session.
      }
    }
    const current = restored ? restored.value : opened.current;
    opened = { conf: opened.conf, current };
    onProblem(
      `${options.what} could not be read (${reason}). ` +
        (keptAs ? `The file was kept as ${keptAs}; ` : '') +
        (restored
          ? `Hearth restored the last good copy, saved ${restored.savedAt}.`
          : `Hearth started with ${options.insteadUsed}.`),
    );
  }
  let { current } = opened;
  const { conf } = opened;
  return {
    read: () => current,
    write(value) {
      const checked = options.schema.parse(value);
      try {
        conf.store = checked;
      } catch (error) {
        throw new UserFacingError(describeWriteFailure(conf.path, error));
      }
      current = checked;
      try {
        saveBackup(backup, checked);
      } catch {
        // The file itself is written; the copy catches up at the next good write.
      }
    },
    get path() {
      return conf.path;
    },
  };
}

function load<T extends Record<string, unknown>>(
  options: OpenDocumentOptions<T>,
): { conf: Conf<T>; current: T } {
  const conf = new Conf<T>({
    cwd: options.dataDir,
    configName: options.name,
    clearInvalidConfig: false,
    configFileMode: 0o600,
    deserialize: (text) => parseAgainst(options.schema, text),
  });
  // Reading `store` parses the file now, so a bad file fails here and not at first use.
  return { conf, current: options.schema.parse(conf.store) };
}

function parseAgainst<T>(schema: z.ZodType<T, Record<string, unknown>>, text: string): T {
  const parsed = schema.safeParse(JSON.parse(text.replace(/^\uFEFF/, '')));
  if (!parsed.success)
    throw new Error(`it does not match the expected shape: ${describePayloadIssues(parsed.error)}`);
  return parsed.data;
}

function saveBackup(path: string, value: unknown): void {
  writeFileAtomically(path, `${JSON.stringify(value, null, '\t')}\n`);
}

/** The last good copy, if there is one that still parses and fits the schema. */
function readBackup<T>(
  path: string,
  schema: z.ZodType<T, Record<string, unknown>>,
): { value: T; savedAt: string } | undefined {
  try {
    const value = parseAgainst(schema, readFileSync(path, 'utf8'));
    return { value, savedAt: statSync(path).mtime.toISOString() };
  } catch {
    return undefined;
  }
}

function setAside(path: string, at: Date): string | undefined {
  if (!existsSync(path)) return undefined;
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  const target = path.replace(/\.json$/, `.corrupt-${stamp}.json`);
  try {
    renameSync(path, target);
    return target;
  } catch {
    return undefined;
  }
}
