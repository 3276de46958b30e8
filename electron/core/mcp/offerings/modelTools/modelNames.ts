/**
 * The names the model calls tools by. Each tool is shown as `server_tool`, sanitised to
 * `[A-Za-z0-9_-]{1,64}` and made unique; a table maps the name back to its owner. Names are
 * never split on `_`: a tool `a_b` on server `x` and a tool `b` on server `x_a` both read
 * `x_a_b`, and only the table can tell them apart.
 */
import { createHash } from 'node:crypto';

/** The server and the tool's own name on it: what a model name stands for. */
export interface ToolOwner {
  server: string;
  tool: string;
}

/** Function names Ollama's templates and OpenAI-style tool calling accept. */
export const MODEL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const MAX_MODEL_NAME_LENGTH = 64;

/**
 * Retired names are remembered so a name the model saw earlier in a conversation never comes
 * to mean a different tool; past this many, the oldest are forgotten.
 */
export const MAX_RETIRED_NAMES = 4_096;

/** `_` and four base-36 characters: 1.7 million values, room kept for it by every base name. */
const HASH_SUFFIX_LENGTH = 5;
const FALLBACK_NAME = 'tool';

/** Replaces each run of characters outside `[A-Za-z0-9_-]` with `_` and trims `_` at both ends. */
export function sanitizeNamePart(text: string): string {
  // Accented letters keep their base letter (`café` → `cafe`) rather than becoming `_`.
  const withoutMarks = text.normalize('NFKD').replace(/\p{M}+/gu, '');
  return withoutMarks.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');
}

/** The name a tool gets when nothing else has it: `server_tool`, sanitised and cut to fit. */
export function baseModelName(owner: ToolOwner): string {
  const joined =
    [sanitizeNamePart(owner.server), sanitizeNamePart(owner.tool)]
      .filter((part) => part !== '')
      .join('_') || FALLBACK_NAME;
  return fitName(joined, '');
}

/** Cuts `base` so that `base + suffix` fits in 64 characters, never leaving `_` before the suffix. */
function fitName(base: string, suffix: string): string {
  // Every base leaves room for the hash suffix, so adding one never changes the part before it.
  const room = MAX_MODEL_NAME_LENGTH - Math.max(suffix.length, HASH_SUFFIX_LENGTH);
  const cut = base.slice(0, room).replace(/_+$/, '');
  return (cut || FALLBACK_NAME) + suffix;
}

/** Four base-36 characters from a hash of the owner: the same owner always gets the same suffix. */
function stableSuffix(owner: ToolOwner): string {
  const digest = createHash('sha256').update(`${owner.server}\0${owner.tool}`).digest();
  return (digest.readUInt32BE(0) % 36 ** 4).toString(36).padStart(4, '0');
}

function ownerKey(owner: ToolOwner): string {
  return `${owner.server}\0${owner.tool}`;
}

/**
 * Uniqueness is checked without regard to case: a small model that writes `Search_find` for
 * `search_find` must not land on a different tool.
 */
function nameKey(name: string): string {
  return name.toLowerCase();
}

/**
 * Assigns model names and maps them back. Stable: a tool keeps its name for as long as it is
 * served, whatever other tools appear or vanish, and a name once given never moves to another tool.
 */
export class ModelNameTable {
  /** Owner key → model name, for every tool currently served. */
  private readonly current = new Map<string, string>();
  /** Model name → owner, for every tool currently served. */
  private readonly byName = new Map<string, ToolOwner>();
  /** Lower-cased name → owner key, for names in use and names retired (oldest first). */
  private readonly reserved = new Map<string, string>();
  /** Owner key → the name it had, for tools no longer served. */
  private readonly retired = new Map<string, string>();

  /**
   * Replaces the set of served tools. Tools seen before keep their names; new tools get new
   * ones. Returns model name → owner for exactly the given tools, in their order.
   */
  assign(entries: readonly ToolOwner[]): Map<string, ToolOwner> {
    const owners = new Map<string, ToolOwner>();
    for (const entry of entries) {
      const owner = { server: String(entry.server), tool: String(entry.tool) };
      if (!owners.has(ownerKey(owner))) owners.set(ownerKey(owner), owner);
    }
    for (const [key, name] of this.current) {
      if (!owners.has(key)) this.retire(key, name);
    }
    const result = new Map<string, ToolOwner>();
    for (const [key, owner] of owners) {
      const name = this.current.get(key) ?? this.revive(key) ?? this.newName(key, owner);
      this.current.set(key, name);
      this.byName.set(name, owner);
      this.reserved.set(nameKey(name), key);
      result.set(name, owner);
    }
    this.forgetOldestRetired();
    return result;
  }

  /** The tool a model name stands for; undefined for a name not currently served. */
  resolve(modelName: string): ToolOwner | undefined {
    const owner = this.byName.get(modelName);
    return owner && { ...owner };
  }

  /** The model name of a served tool; undefined when it is not served. */
  nameFor(server: string, tool: string): string | undefined {
    return this.current.get(ownerKey({ server, tool }));
  }

  private retire(key: string, name: string): void {
    this.current.delete(key);
    this.byName.delete(name);
    this.retired.set(key, name);
    // Re-inserting moves the name to the end, so the oldest retirements are forgotten first.
    this.reserved.delete(nameKey(name));
    this.reserved.set(nameKey(name), key);
  }

  /** A returning tool gets back the name it had, if that name was still remembered. */
  private revive(key: string): string | undefined {
    const name = this.retired.get(key);
    if (name === undefined) return undefined;
    this.retired.delete(key);
    return this.reserved.get(nameKey(name)) === key ? name : undefined;
  }

  private newName(key: string, owner: ToolOwner): string {
    const base = baseModelName(owner);
    const free = (name: string) => {
      const holder = this.reserved.get(nameKey(name));
      return holder === undefined || holder === key;
    };
    if (free(base)) return base;
    const hash = stableSuffix(owner);
    for (let counter = 1; ; counter += 1) {
      const name = fitName(base, `_${hash}${counter === 1 ? '' : counter}`);
      if (free(name)) return name;
    }
  }

  private forgetOldestRetired(): void {
    let excess = this.retired.size - MAX_RETIRED_NAMES;
    for (const [name, key] of this.reserved) {
      if (excess <= 0) break;
      if (this.current.has(key)) continue;
      this.reserved.delete(name);
      this.retired.delete(key);
      excess -= 1;
    }
  }
}
