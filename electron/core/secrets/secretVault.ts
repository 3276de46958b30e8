/**
 * Where secrets live: env values and headers marked secret, and keys Hearth makes for itself.
 * Never the plain settings files. The desktop app encrypts them with Electron's safeStorage (the
 * OS keychain); the browser host, which has no keychain, keeps them in memory for the session.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomically } from '../store/atomicFile';

export interface SecretVault {
  /** False when secrets last only as long as this process. */
  readonly persistent: boolean;
  get(key: string): string | undefined;
  set(key: string, value: string): void;
  delete(key: string): void;
  /** Every stored key that starts with `prefix`. */
  keys(prefix: string): string[];
}

/** Secrets for this process only. */
export function createMemoryVault(): SecretVault {
  const values = new Map<string, string>();
  return {
    persistent: false,
    get: (key) => values.get(key),
    set: (key, value) => void values.set(key, value),
    delete: (key) => void values.delete(key),
    keys: (prefix) => [...values.keys()].filter((key) => key.startsWith(prefix)),
  };
}

/** Turns text into ciphertext and back; in the desktop app, safeStorage's two functions. */
export interface Cipher {
  encrypt(plain: string): Buffer;
  decrypt(encrypted: Buffer): string;
}

/**
 * Secrets in one file, each value encrypted by `cipher` (the file shows key names, never values).
 * Written atomically (temporary file, fsync, then rename) with owner-only permissions, so a
 * crash mid-write leaves the old file or the new one.
 */
export function createEncryptedFileVault(path: string, cipher: Cipher): SecretVault {
  const encrypted = new Map<string, string>(Object.entries(readEntries(path)));
  const save = () => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileAtomically(path, JSON.stringify(Object.fromEntries(encrypted)));
  };
  return {
    persistent: true,
    get(key) {
      const value = encrypted.get(key);
      return value === undefined ? undefined : cipher.decrypt(Buffer.from(value, 'base64'));
    },
    set(key, value) {
      encrypted.set(key, cipher.encrypt(value).toString('base64'));
      save();
    },
    delete(key) {
      if (encrypted.delete(key)) save();
    },
    keys: (prefix) => [...encrypted.keys()].filter((key) => key.startsWith(prefix)),
  };
}

function readEntries(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`${path} is not a secrets file`);
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
