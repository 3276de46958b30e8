/**
 * Opens the conversation database, checked and migrated. A file SQLite reports as damaged (or
 * not a database, or from a newer Hearth) is never wiped: it is kept aside under a timestamped
 * name with its `-wal` and `-shm`, a new file takes its place, and the caller is told where the
 * old one went.
 */
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Sqlite from 'node:sqlite';
import { quietSqliteWarning } from './quietSqliteWarning';
import { migrate, NewerSchemaError } from './schema';

export const DATABASE_FILE_NAME = 'conversations.sqlite';

/**
 * How long a write waits for a lock another connection holds (a second Hearth process on the
 * same folder, say) before failing: long enough to ride out a checkpoint, short enough that a
 * stuck lock surfaces as an error rather than a frozen window.
 */
export const BUSY_TIMEOUT_MS = 5_000;

/** SQLite's primary result codes for a history Hearth may not write or open, or that is damaged. */
const SQLITE_READONLY = 8;
const SQLITE_CORRUPT = 11;
const SQLITE_CANTOPEN = 14;
const SQLITE_NOTADB = 26;

/** The side files SQLite keeps next to a WAL-mode database; they travel with it when set aside. */
const SIDE_FILE_SUFFIXES = ['-wal', '-shm'] as const;

// Loaded through `require` rather than a static import: `node:sqlite` exists only with the
// `node:` prefix, which some bundlers' built-in lists miss, and loading it on first use keeps
// its ExperimentalWarning away from code that never opens history; where it does load, that one
// warning is silenced.
let sqliteModule: typeof Sqlite | undefined;
function loadSqlite(): typeof Sqlite {
  quietSqliteWarning();
  sqliteModule ??= createRequire(import.meta.url)('node:sqlite') as typeof Sqlite;
  return sqliteModule;
}

export interface OpenDatabaseOptions {
  dataDir: string;
  onProblem(message: string): void;
  now: () => Date;
}

/** The open, migrated database; throws only when even a fresh file cannot be opened. */
export function openDatabase(options: OpenDatabaseOptions): Sqlite.DatabaseSync {
  mkdirSync(options.dataDir, { recursive: true });
  const path = join(options.dataDir, DATABASE_FILE_NAME);
  let target: string | undefined;
  // Closing a connection may delete or checkpoint the -wal, so the side files are copied aside
  // while the damaged file is still open.
  const copySideFilesAside = () => {
    target = asidePath(path, options.now());
    copySideFiles(path, target);
  };
  try {
    return openChecked(path, copySideFilesAside);
  } catch (error) {
    if (isNotWritable(error)) return openWithoutWriting(path, options, error);
    if (!isDamage(error)) throw error;
    const keptAs = moveAside(path, target ?? asidePath(path, options.now()));
    options.onProblem(
      `Your conversation history could not be opened (${describe(error)}). ` +
        (keptAs ? `The file was kept as ${keptAs}; ` : '') +
        'Hearth started a new, empty history.',
    );
    return openChecked(path);
  }
}

function openChecked(path: string, beforeClosingDamaged?: () => void): Sqlite.DatabaseSync {
  // Create the file first, readable by the user alone: SQLite gives its -wal and -shm files
  // the same permissions as the database.
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  const { DatabaseSync } = loadSqlite();
  const database = new DatabaseSync(path, { enableForeignKeyConstraints: true });
  try {
    database.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    database.exec('PRAGMA journal_mode = WAL');
    // NORMAL with WAL: every commit is in the WAL file before the call returns, so a crashed or
    // killed app loses nothing it saved; only a power cut can lose the last commits, and never
    // corrupts the file. FULL (an fsync per commit) costs ~1 ms a step here (bench: chat.loop_overhead_ms).
    database.exec('PRAGMA synchronous = NORMAL');
    database.exec('PRAGMA foreign_keys = ON');
    checkIntegrity(database);
    migrate(database);
    return database;
  } catch (error) {
    if (isDamage(error)) beforeClosingDamaged?.();
    database.close();
    throw error;
  }
}

/**
 * A history Hearth may not write (a read-only folder, another owner's file) or not even open:
 * what it holds is opened read-only where possible, so conversations can be read and every save
 * fails with a clear message; otherwise the session gets a history in memory. Either way the
 * user is told, Hearth starts, and nothing on disk is touched.
 */
function openWithoutWriting(
  path: string,
  options: OpenDatabaseOptions,
  error: unknown,
): Sqlite.DatabaseSync {
  const { DatabaseSync } = loadSqlite();
  if (existsSync(path)) {
    try {
      // `immutable`: a WAL database cannot otherwise be read where SQLite may not create its
      // -shm file. It reads the main file as it stands (what the last clean close checkpointed).
      const database = new DatabaseSync(`${pathToFileURL(path).href}?immutable=1`, {
        readOnly: true,
        enableForeignKeyConstraints: true,
      });
      try {
        database.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
        // A schema that is current migrates without writing; one that needs a step cannot here.
        migrate(database);
        options.onProblem(
          'Hearth may not write in its data folder, so your conversations can be read but new messages are not saved. Make the folder writable and restart Hearth.',
        );
        return database;
      } catch {
        database.close();
      }
    } catch {
      // Not even readable: the session history below.
    }
  }
  const memory = new DatabaseSync(':memory:', { enableForeignKeyConstraints: true });
  migrate(memory);
  options.onProblem(
    `Hearth cannot open its conversation history (${describe(error)}), so conversations are kept only until it quits. Check that the data folder is yours and writable, then restart Hearth.`,
  );
  return memory;
}

/** SQLite's "read-only" or "cannot open", or the file system refusing to create the file. */
function isNotWritable(error: unknown): boolean {
  const { errcode, code } = (error ?? {}) as { errcode?: unknown; code?: unknown };
  if (typeof errcode === 'number') {
    const primary = errcode & 0xff;
    return primary === SQLITE_READONLY || primary === SQLITE_CANTOPEN;
  }
  return code === 'EACCES' || code === 'EROFS' || code === 'EPERM';
}

/** Thrown when `quick_check` finds damage SQLite did not report while opening. */
class IntegrityError extends Error {
  constructor(readonly findings: string) {
    super(`the integrity check found damage: ${findings}`);
    this.name = 'IntegrityError';
  }
}

// quick_check rather than integrity_check: it reads every page and checks the b-trees but skips
// matching indexes to their tables, which keeps start-up linear in the file's size.
function checkIntegrity(database: Sqlite.DatabaseSync): void {
  const findings = database
    .prepare('PRAGMA quick_check(5)')
    .all()
    .map((row) => String(row.quick_check));
  if (findings.length !== 1 || findings[0] !== 'ok') throw new IntegrityError(findings.join('; '));
}

// Only damage is set aside. A locked or unreadable file (another process, permissions, a full
// disk) is not the file's fault, and moving it would split the history in two.
function isDamage(error: unknown): boolean {
  if (error instanceof IntegrityError || error instanceof NewerSchemaError) return true;
  const code = (error as { errcode?: unknown } | null)?.errcode;
  if (typeof code !== 'number') return false;
  const primary = code & 0xff;
  return primary === SQLITE_CORRUPT || primary === SQLITE_NOTADB;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function asidePath(path: string, at: Date): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  return path.replace(/\.sqlite$/, `.corrupt-${stamp}.sqlite`);
}

function copySideFiles(path: string, target: string): void {
  for (const suffix of SIDE_FILE_SUFFIXES) {
    try {
      if (existsSync(path + suffix)) copyFileSync(path + suffix, target + suffix);
    } catch {
      // A copy that fails leaves the original to be moved below, if it is still there.
    }
  }
}

/** Moves the database and whatever side files remain to `target`; undefined if it could not. */
function moveAside(path: string, target: string): string | undefined {
  if (!existsSync(path)) return undefined;
  try {
    // Side files still present are the latest state, and replace any copies taken earlier.
    for (const suffix of SIDE_FILE_SUFFIXES) {
      if (existsSync(path + suffix)) renameSync(path + suffix, target + suffix);
    }
    renameSync(path, target);
    return target;
  } catch {
    return undefined;
  }
}
