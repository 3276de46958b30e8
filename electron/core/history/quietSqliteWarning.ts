/**
 * Node prints "ExperimentalWarning: SQLite is an experimental feature" the first time
 * `node:sqlite` loads: on every start of Hearth, for a module it relies on knowingly. This drops
 * exactly that warning; every other warning (other experimental features, deprecations) still
 * prints.
 */
let installed = false;

export function isSqliteExperimentalWarning(warning: string | Error, type?: unknown): boolean {
  const name = typeof warning === 'string' ? type : warning.name;
  const message = typeof warning === 'string' ? warning : warning.message;
  return name === 'ExperimentalWarning' && /\bSQLite\b/.test(message);
}

export function quietSqliteWarning(): void {
  if (installed) return;
  installed = true;
  const emitWarning = process.emitWarning.bind(process);
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const type =
      typeof rest[0] === 'object' && rest[0] ? (rest[0] as { type?: unknown }).type : rest[0];
    if (isSqliteExperimentalWarning(warning, type)) return;
    (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
  }) as typeof process.emitWarning;
}
