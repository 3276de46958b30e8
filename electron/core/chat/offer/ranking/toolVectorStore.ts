/**
 * The tools' embedding vectors kept in the data folder between runs, one file per embedding model
 * (and version of it), so a start does not ask Ollama to embed every tool again. It is a cache:
 * a missing, unreadable or foreign file is simply rebuilt, never a problem for the user. Tool
 * texts are kept only as hashes; vectors as base64 of their 32-bit floats.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomically } from '../../../store/atomicFile';

export interface ToolVectorStore {
  /** Vectors kept for this model, by the hash of the text they embed (see textKey). */
  load(model: string): Map<string, number[]>;
  save(model: string, vectors: ReadonlyMap<string, readonly number[]>): void;
}

const fileSchema = z.object({
  version: z.literal(1),
  model: z.string(),
  vectors: z.record(z.string(), z.string()),
});

/** The key a text's vector is kept under. */
export function textKey(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

export function openToolVectorStore(options: {
  dataDir: string;
  onProblem?(message: string, error: unknown): void;
}): ToolVectorStore {
  const folder = join(options.dataDir, 'cache', 'tool-vectors');
  const fileOf = (model: string) => join(folder, `${textKey(model)}.json`);
  return {
    load(model) {
      try {
        const parsed = fileSchema.safeParse(JSON.parse(readFileSync(fileOf(model), 'utf8')));
        if (!parsed.success || parsed.data.model !== model) return new Map();
        return new Map(
          Object.entries(parsed.data.vectors).map(([key, encoded]) => [key, decode(encoded)]),
        );
      } catch {
        return new Map();
      }
    },
    save(model, vectors) {
      const file = {
        version: 1,
        model,
        vectors: Object.fromEntries([...vectors].map(([key, vector]) => [key, encode(vector)])),
      };
      try {
        mkdirSync(folder, { recursive: true });
        writeFileAtomically(fileOf(model), JSON.stringify(file));
      } catch (error) {
        // Only the next start's speed depends on it.
        options.onProblem?.('Keeping the tools’ embedding vectors failed', error);
      }
    },
  };
}

function encode(vector: readonly number[]): string {
  return Buffer.from(Float32Array.from(vector).buffer).toString('base64');
}

function decode(encoded: string): number[] {
  const bytes = Buffer.from(encoded, 'base64');
  // A copy: a pooled Buffer's offset need not suit a Float32Array view.
  const aligned = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + (bytes.byteLength & ~3));
  return Array.from(new Float32Array(aligned));
}
