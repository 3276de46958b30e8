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
  /** Changes made but not yet on disk (an encryption can wait on the keychain's prompt). */
  unsaved(): number;
  /** Resolves once every change made so far is on disk (or could not be written). */
  flush(): Promise<void>;
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
    unsaved: () => 0,
    flush: () => Promise.resolve(),
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
    // Written before `set` returns.
    unsaved: () => 0,
    flush: () => Promise.resolve(),
  };
}

/** The same with asynchronous functions: safeStorage's `encryptStringAsync`/`decryptStringAsync`. */
export interface AsyncCipher {
  encrypt(plain: string): Promise<Buffer>;
  /** `shouldReEncrypt`: the value was kept under an older or weaker key; store it again. */
  decrypt(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
}

/**
 * The encrypted file vault over an asynchronous cipher. Opening it decrypts every value once
 * (values it cannot decrypt stay in the file untouched, and reading one says why); a change is
 * kept in memory at once and written, encrypted, in the order made (temporary file, fsync,
 * rename, owner-only, as above).
 */
export async function openEncryptedFileVault(
  path: string,
  cipher: AsyncCipher,
  /** Told when a change could not be written (it lasts until Hearth quits). */
  onWriteFailed: (error: Error) => void = () => undefined,
): Promise<SecretVault> {
  const stored = readEntries(path);
  const plain = new Map<string, string>();
  const unreadable = new Map<string, Error>();
  const encrypted = new Map<string, string>(Object.entries(stored));
  const stale: string[] = [];
  for (const [key, value] of encrypted) {
    try {
      const { result, shouldReEncrypt } = await cipher.decrypt(Buffer.from(value, 'base64'));
      plain.set(key, result);
      if (shouldReEncrypt) stale.push(key);
    } catch (error) {
      unreadable.set(key, error instanceof Error ? error : new Error(String(error)));
    }
  }
  let writes = Promise.resolve();
  let unsaved = 0;
  /** Queued after every earlier change, so the file ends as the last change left it. */
  const persist = (key: string, value: string | undefined) => {
    unsaved++;
    writes = writes
      .then(async () => {
        if (value === undefined) encrypted.delete(key);
        else encrypted.set(key, (await cipher.encrypt(value)).toString('base64'));
        mkdirSync(dirname(path), { recursive: true });
        writeFileAtomically(path, JSON.stringify(Object.fromEntries(encrypted)));
      })
      .catch((error: unknown) =>
        onWriteFailed(error instanceof Error ? error : new Error(String(error))),
      )
      .finally(() => {
        unsaved--;
      });
  };
  for (const key of stale) persist(key, plain.get(key));
  return {
    persistent: true,
    get(key) {
      const problem = unreadable.get(key);
      if (problem) throw problem;
      return plain.get(key);
    },
    set(key, value) {
      unreadable.delete(key);
      plain.set(key, value);
      persist(key, value);
    },
    delete(key) {
      const known = plain.delete(key) || unreadable.delete(key);
      if (known) persist(key, undefined);
    },
    keys: (prefix) =>
      [...new Set([...plain.keys(), ...unreadable.keys()])].filter((key) => key.startsWith(prefix)),
    unsaved: () => unsaved,
    // The queue never rejects: a failed write was told to `onWriteFailed`.
    flush: () => writes,
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

/** Waits for secrets still on their way to disk before Hearth quits, saying why it waits. */
export async function flushBeforeQuit(
  vault: SecretVault,
  log: { info(message: string): void },
): Promise<void> {
  // A secret saved just before quitting may still be on its way through the keychain.
  if (vault.unsaved() > 0)
    log.info('Saving secrets before quitting; the keychain may be asking for its password.');
  await vault.flush();
}
