/**
 * Where the desktop app may keep secrets, decided from what Electron's safeStorage reports and
 * what the user chose. Only a real OS keychain counts as safe: on Linux without a keyring
 * safeStorage falls back to `basic_text`, a key that is the same on every machine, so
 * "encrypted" values are barely hidden. Then secrets stay in memory for the session and the user
 * is asked (Settings › Desktop) whether to keep it that way or accept the weak key. An unknown
 * backend counts as no keyring; no encryption at all leaves only the session. Fails closed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { desktopSettingsSchema } from '../../../preload/contract';

/**
 * What safeStorage says: whether it can encrypt and, on Linux, `getSelectedStorageBackend()` and
 * whether what it encrypts with is Chromium's fixed password (values tagged "v10").
 */
export interface KeychainFacts {
  platform: NodeJS.Platform;
  encryptionAvailable: boolean;
  /** `basic_text`, `gnome_libsecret`, `kwallet`, `kwallet5`, `kwallet6` or `unknown`; Linux only. */
  linuxBackend?: string;
  /** Linux only: the key is the fixed one whatever the backend's name says. */
  fixedKey?: boolean;
}

export type WithoutKeyring = 'ask' | 'session' | 'weak-key';

export type SecretStorage =
  | { kind: 'keychain' }
  /** Encrypted with the fallback key, because the user said so. */
  | { kind: 'weak-key' }
  /** In memory until Hearth quits; `tell` is for the user, when there is something to say. */
  | { kind: 'session'; tell?: string };

/** Linux backends that hold a key only the user's session can unlock. */
const REAL_LINUX_BACKENDS = new Set(['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6']);

export function chooseSecretStorage(facts: KeychainFacts, choice: WithoutKeyring): SecretStorage {
  if (!facts.encryptionAvailable) {
    return {
      kind: 'session',
      tell: 'No system keychain is available, so Hearth keeps secrets (API keys, tokens) only until it quits.',
    };
  }
  const realKeyring =
    facts.platform !== 'linux' ||
    (REAL_LINUX_BACKENDS.has(facts.linuxBackend ?? 'unknown') && facts.fixedKey !== true);
  if (realKeyring) return { kind: 'keychain' };
  if (choice === 'weak-key') return { kind: 'weak-key' };
  if (choice === 'session') return { kind: 'session' };
  return {
    kind: 'session',
    tell:
      'No system keyring was found, so Hearth keeps secrets (API keys, tokens) only until it quits rather than write them with a key anyone could read. ' +
      'Install and unlock a keyring (GNOME Keyring or KWallet) and restart Hearth to keep them safely, or choose in Settings › Desktop: ' +
      'keep them for this session only, or store them with a weak key, which only hides them from a casual look at the file, not from anyone or any program that can read your files.',
  };
}

/**
 * The user's choice, read from the settings file before anything else opens it. Read-only and
 * lenient: a missing or damaged file means "ask" (the settings store reports damage itself).
 */
export function readWithoutKeyringChoice(dataDir: string): WithoutKeyring {
  try {
    const parsed = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as {
      desktop?: { secretsWithoutKeyring?: unknown };
    };
    const choice = desktopSettingsSchema.shape.secretsWithoutKeyring.safeParse(
      parsed.desktop?.secretsWithoutKeyring,
    );
    return choice.success ? choice.data : 'ask';
  } catch {
    return 'ask';
  }
}
