/**
 * Which protocol era each server speaks, remembered between starts: a 2026-07-28 server's
 * `server/discover` answer is reused (no probe round trip), and a 2025 server is not probed again.
 * A verdict is keyed by what is launched or reached (command and arguments, or the URL), so a
 * changed config is probed afresh; a verdict that no longer works is forgotten by the caller.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DiscoverResult } from '@modelcontextprotocol/client';
import type { ServerConfig } from '../../../../preload/schemas/servers';
import { writeFileAtomically } from '../../store/atomicFile';

export type EraVerdict = { kind: 'legacy' } | { kind: 'modern'; discover: DiscoverResult };

export interface EraVerdicts {
  get(key: string): EraVerdict | undefined;
  set(key: string, verdict: EraVerdict): void;
  forget(key: string): void;
  /** Writes what is still to be written now (Hearth is stopping). */
  flush(): void;
}

/** Servers remembered at most; the oldest verdicts go first. */
const MAX_VERDICTS = 500;

/**
 * Changes within this long are written together: at a first start, fifty servers each found out
 * would otherwise be fifty whole-file writes, each flushed to disk, on the main thread. A change
 * lost to a crash before its write costs one probe at the next start, nothing more.
 */
export const ERA_WRITE_DELAY_MS = 1_000;

/** What identifies a server's endpoint: the same key means the same program or URL. */
export function eraKey(config: ServerConfig): string {
  const transport = config.transport;
  if (transport.type === 'stdio')
    return JSON.stringify(['stdio', transport.command, transport.args, transport.cwd ?? '']);
  if (transport.type === 'http') return JSON.stringify(['http', transport.url]);
  return JSON.stringify(['builtin']);
}

export function memoryEraVerdicts(onChange?: (all: [string, EraVerdict][]) => void): EraVerdicts {
  const verdicts = new Map<string, EraVerdict>();
  const changed = () => onChange?.([...verdicts]);
  return {
    get: (key) => verdicts.get(key),
    set: (key, verdict) => {
      const same = JSON.stringify(verdicts.get(key)) === JSON.stringify(verdict);
      verdicts.delete(key);
      verdicts.set(key, verdict);
      while (verdicts.size > MAX_VERDICTS) verdicts.delete(verdicts.keys().next().value as string);
      if (!same) changed();
    },
    forget: (key) => {
      if (verdicts.delete(key)) changed();
    },
    flush: () => undefined,
  };
}

/** Verdicts kept in `protocol-eras.json` in the data folder; a damaged file is started afresh. */
export function fileEraVerdicts(
  dataDir: string,
  onProblem: (message: string) => void,
): EraVerdicts {
  const path = join(dataDir, 'protocol-eras.json');
  let loading = true;
  let unwritten: [string, EraVerdict][] | undefined;
  let timer: NodeJS.Timeout | undefined;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    const all = unwritten;
    unwritten = undefined;
    if (!all) return;
    try {
      mkdirSync(dataDir, { recursive: true });
      writeFileAtomically(path, JSON.stringify(all));
    } catch (error) {
      onProblem(
        `Hearth could not remember the servers’ protocol versions: ${(error as Error).message}`,
      );
    }
  };
  const verdicts = memoryEraVerdicts((all) => {
    if (loading) return;
    unwritten = all;
    // Never keeps Hearth running on its own; stopping writes what is left (flush).
    timer ??= setTimeout(write, ERA_WRITE_DELAY_MS).unref();
  });
  try {
    const stored = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    if (Array.isArray(stored)) {
      for (const entry of stored) if (isStoredVerdict(entry)) verdicts.set(entry[0], entry[1]);
    }
  } catch {
    // No file yet, or one that cannot be read: every server is probed again, nothing is lost.
  }
  loading = false;
  return { ...verdicts, flush: write };
}

function isStoredVerdict(entry: unknown): entry is [string, EraVerdict] {
  if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string') return false;
  const verdict = entry[1] as Partial<EraVerdict> | null;
  if (verdict?.kind === 'legacy') return true;
  return (
    verdict?.kind === 'modern' &&
    typeof verdict.discover === 'object' &&
    verdict.discover !== null &&
    Array.isArray((verdict.discover as { supportedVersions?: unknown }).supportedVersions)
  );
}
