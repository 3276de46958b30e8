/**
 * One JSON file in the data folder, validated by a zod schema, written atomically through `conf`
 * (the engine electron-store wraps, usable without Electron). A file that cannot be read is never
 * wiped silently: it is kept aside under a timestamped name, the document starts from the
 * schema's defaults, and the caller is told so it can tell the user.
 */
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import Conf from 'conf';
import type { z } from 'zod';
import { describeIssues } from '../bridge/router';

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
  const { dataDir, name, schema, onProblem, now = () => new Date() } = options;
  let opened: { conf: Conf<T>; current: T };
  try {
    opened = load(options);
  } catch (error) {
    const keptAs = setAside(join(dataDir, `${name}.json`), now());
    const reason = error instanceof Error ? error.message : String(error);
    onProblem(
      `${options.what} could not be read (${reason}). ` +
        (keptAs ? `The file was kept as ${keptAs}; ` : '') +
        `Hearth started with ${options.insteadUsed}.`,
    );
    opened = load(options);
  }
  let { current } = opened;
  const { conf } = opened;
  return {
    read: () => current,
    write(value) {
      const checked = schema.parse(value);
      conf.store = checked;
      current = checked;
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
    deserialize: (text) => {
      const parsed = options.schema.safeParse(JSON.parse(text.replace(/^\uFEFF/, '')));
      if (!parsed.success)
        throw new Error(`it does not match the expected shape: ${describeIssues(parsed.error)}`);
      return parsed.data;
    },
  });
  // Reading `store` parses the file now, so a bad file fails here and not at first use.
  return { conf, current: options.schema.parse(conf.store) };
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
