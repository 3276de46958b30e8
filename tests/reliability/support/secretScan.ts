/**
 * Where a secret could leak, searched for canaries: every file under a folder (bytes, so SQLite
 * pages and WAL files count), the argv and environment of every process spawned in this process
 * (by hooking child_process) and of every process on the machine while the run goes (by reading
 * /proc, which catches what servers start themselves), and any texts the test adds (logs, request
 * bodies sent to the fake Ollama, events).
 */
import type * as childProcess from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';

export interface Hit {
  where: string;
  canary: string;
}

/** Every file under `folder`, recursively. */
export function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Canaries found in the files under `folder`, read as bytes. */
export function scanFolder(folder: string, canaries: readonly string[]): Hit[] {
  return filesUnder(folder).flatMap((file) => {
    const bytes = readFileSync(file);
    return canaries
      .filter((canary) => bytes.includes(Buffer.from(canary, 'utf8')))
      .map((canary) => ({ where: file, canary }));
  });
}

/** Canaries found in named texts. */
export function scanTexts(texts: Record<string, string>, canaries: readonly string[]): Hit[] {
  return Object.entries(texts).flatMap(([where, text]) =>
    canaries.filter((canary) => text.includes(canary)).map((canary) => ({ where, canary })),
  );
}

export interface ProcessRecord {
  pid: number | undefined;
  argv: string[];
  env: Record<string, string | undefined>;
}

/** Where a secret may legitimately be: the environment variable of the server it belongs to. */
export interface Allowed {
  /** True when `name=value` in this process's environment is where the secret should be. */
  env(record: { argv: string[] }, name: string, canary: string): boolean;
}

export interface ProcessWatch {
  spawned: ProcessRecord[];
  /** Stops watching and returns canaries found in argv and environments. */
  stop(canaries: readonly string[], allowed: Allowed): Hit[];
}

const cjs = createRequire(import.meta.url)('node:child_process') as typeof childProcess;

/** Hooks spawn in this process and samples /proc every `everyMs` until stopped. */
export function watchProcesses(everyMs = 20): ProcessWatch {
  const spawned: ProcessRecord[] = [];
  const seen = new Map<number, ProcessRecord>();
  const original = cjs.spawn;
  const hooked = ((file: string, args?: unknown, options?: unknown) => {
    const list = Array.isArray(args) ? (args as string[]) : [];
    const opts = (Array.isArray(args) ? options : args) as childProcess.SpawnOptions | undefined;
    const child = (original as (...a: unknown[]) => childProcess.ChildProcess)(file, args, options);
    spawned.push({ pid: child.pid, argv: [file, ...list], env: { ...(opts?.env ?? process.env) } });
    return child;
  }) as typeof childProcess.spawn;
  cjs.spawn = hooked;
  syncBuiltinESMExports();
  const sample = () => {
    if (process.platform !== 'linux') return;
    for (const name of readdirSync('/proc')) {
      const pid = Number(name);
      if (!Number.isInteger(pid) || pid === process.pid || seen.has(pid)) continue;
      try {
        const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
        const env = Object.fromEntries(
          readFileSync(`/proc/${pid}/environ`, 'utf8')
            .split('\0')
            .filter(Boolean)
            .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
        );
        if (argv.length > 0) seen.set(pid, { pid, argv, env });
      } catch {
        // Gone, or a kernel thread.
      }
    }
  };
  const timer = setInterval(sample, everyMs);
  return {
    spawned,
    stop(canaries, allowed) {
      clearInterval(timer);
      sample();
      cjs.spawn = original;
      syncBuiltinESMExports();
      const records = [...spawned, ...seen.values()];
      return records.flatMap((record) =>
        canaries.flatMap((canary) => {
          const where = `process ${record.pid ?? '?'} (${record.argv.join(' ').slice(0, 120)})`;
          const hits: Hit[] = [];
          if (record.argv.some((arg) => arg.includes(canary)))
            hits.push({ where: `${where} argv`, canary });
          for (const [name, value] of Object.entries(record.env)) {
            if (value?.includes(canary) && !allowed.env(record, name, canary))
              hits.push({ where: `${where} env ${name}`, canary });
          }
          return hits;
        }),
      );
    },
  };
}
