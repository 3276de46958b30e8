/**
 * Electron 45's safeStorage as it behaves on Linux (shell/browser/api/electron_api_safe_storage.cc,
 * docs/api/safe-storage.md). `STANDIN_KEYRING=none` plays a desktop without a keyring, where the
 * backend is `basic_text`.
 *
 * - Nothing is available before `ready`; the backend reads `unknown` then.
 * - With a keyring, values are "v11" + AES-128-CBC under a key from the keyring's password
 *   (here one password per data folder, so a restarted app reads what an earlier run stored).
 * - On `basic_text` the synchronous API is unavailable (`isEncryptionAvailable()` false,
 *   encrypting throws) unless `setUsePlainTextEncryption(true)` was called; then values are "v10"
 *   under Chromium's hardcoded password. The asynchronous API falls back to that same fixed key
 *   (browser_process_impl.cc: the PosixKeyProvider is Linux's last resort), so it is available.
 * - Keys follow Chromium's components/os_crypt (PBKDF2-HMAC-SHA1, salt "saltysalt", one
 *   iteration, 16 bytes; IV of 16 spaces).
 * - The asynchronous API can wait on the user: a locked keyring asks for its password before it
 *   hands out the key (gnome-keyring's unlock prompt; macOS's Keychain access prompt), which is
 *   why Electron offers it (docs/api/safe-storage.md, `encryptStringAsync`). The test plays that
 *   prompt with the `keyring` command: `locked: true` holds every encryption until it is unlocked.
 */
import { createCipheriv, createDecipheriv, pbkdf2Sync } from 'node:crypto';
import type { SafeStorage } from 'electron';
import { app } from './lifecycle';
import { note } from './recorder';

const hasKeyring = process.env.STANDIN_KEYRING !== 'none';

const deriveKey = (password: string) => pbkdf2Sync(password, 'saltysalt', 1, 16, 'sha1');
const IV = Buffer.alloc(16, ' ');
const V10_KEY = deriveKey('peanuts');
const V11_KEY = deriveKey(`stand-in keyring ${process.env.HEARTH_DATA_DIR ?? ''}`);

let usePlainText = false;

const backend = () => (hasKeyring ? 'gnome_libsecret' : 'basic_text');

/** Encryptions wait on this while the keyring's unlock prompt is unanswered. */
let locked: { answered: Promise<void>; answer(): void } | undefined;

/** Holds (true) or lets go of (false) every asynchronous encryption, as a locked keyring does. */
export function setKeyringLocked(lock: boolean): void {
  note('keyring', { locked: lock });
  if (lock && !locked) {
    const prompt: { answer(): void } = { answer: () => undefined };
    const answered = new Promise<void>((resolve) => (prompt.answer = resolve));
    locked = { answered, answer: () => prompt.answer() };
  } else if (!lock) {
    locked?.answer();
    locked = undefined;
  }
}

function encrypt(plainText: string, prefix: 'v10' | 'v11'): Buffer {
  const cipher = createCipheriv('aes-128-cbc', prefix === 'v10' ? V10_KEY : V11_KEY, IV);
  return Buffer.concat([Buffer.from(prefix), cipher.update(plainText, 'utf8'), cipher.final()]);
}

/** Undefined when the ciphertext cannot be read with the key its prefix names. */
function decrypt(encrypted: Buffer): string | undefined {
  const prefix = encrypted.subarray(0, 3).toString('latin1');
  if (prefix !== 'v10' && prefix !== 'v11') return undefined;
  if (prefix === 'v11' && !hasKeyring) return undefined;
  try {
    const decipher = createDecipheriv('aes-128-cbc', prefix === 'v10' ? V10_KEY : V11_KEY, IV);
    return Buffer.concat([decipher.update(encrypted.subarray(3)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return undefined;
  }
}

function isEncryptionAvailable(): boolean {
  if (!app.isReady()) return false;
  return hasKeyring || usePlainText;
}

function requireAvailable(action: 'encrypting the text' | 'decrypting the ciphertext'): void {
  if (isEncryptionAvailable()) return;
  if (!app.isReady()) throw new Error('safeStorage cannot be used before app is ready');
  const what =
    action === 'encrypting the text'
      ? 'safeStorage.encryptString. Encryption is not available.'
      : 'safeStorage.decryptString. Decryption is not available.';
  throw new Error(`Error while ${action} provided to ${what}`);
}

function notReady(): Promise<never> {
  return Promise.reject(new Error('safeStorage cannot be used before app is ready'));
}

export const safeStorage = {
  isEncryptionAvailable,
  setUsePlainTextEncryption(use: boolean): void {
    note('safeStorage.setUsePlainTextEncryption', { use });
    usePlainText = use;
  },
  getSelectedStorageBackend: () =>
    (app.isReady() ? backend() : 'unknown') as ReturnType<SafeStorage['getSelectedStorageBackend']>,
  encryptString(plainText: string): Buffer {
    requireAvailable('encrypting the text');
    return encrypt(plainText, hasKeyring ? 'v11' : 'v10');
  },
  decryptString(encrypted: Buffer): string {
    requireAvailable('decrypting the ciphertext');
    if (encrypted.length === 0) return '';
    const prefix = encrypted.subarray(0, 3).toString('latin1');
    if (prefix !== 'v10' && prefix !== 'v11')
      throw new Error(
        'Error while decrypting the ciphertext provided to safeStorage.decryptString. Ciphertext does not appear to be encrypted.',
      );
    const plain = decrypt(encrypted);
    if (plain === undefined)
      throw new Error(
        'Error while decrypting the ciphertext provided to safeStorage.decryptString.',
      );
    return plain;
  },
  async isAsyncEncryptionAvailable(): Promise<boolean> {
    return app.isReady();
  },
  async encryptStringAsync(plainText: string): Promise<Buffer> {
    if (!app.isReady()) return notReady();
    await locked?.answered;
    return encrypt(plainText, hasKeyring ? 'v11' : 'v10');
  },
  async decryptStringAsync(
    encrypted: Buffer,
  ): Promise<{ shouldReEncrypt: boolean; result: string }> {
    if (!app.isReady()) return notReady();
    const plain = decrypt(encrypted);
    if (plain === undefined)
      throw new Error(
        'Error while decrypting the ciphertext provided to safeStorage.decryptStringAsync.',
      );
    // A value kept under the fixed key where a keyring now exists should move to the keyring's.
    return {
      shouldReEncrypt: hasKeyring && encrypted.subarray(0, 3).toString() === 'v10',
      result: plain,
    };
  },
} satisfies Pick<
  SafeStorage,
  | 'isEncryptionAvailable'
  | 'setUsePlainTextEncryption'
  | 'getSelectedStorageBackend'
  | 'encryptString'
  | 'decryptString'
  | 'isAsyncEncryptionAvailable'
  | 'encryptStringAsync'
  | 'decryptStringAsync'
>;
