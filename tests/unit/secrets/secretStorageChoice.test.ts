import { describe, expect, it } from 'vitest';
import { chooseSecretStorage } from '../../../electron/core/secrets/secretStorageChoice';

describe('choosing where secrets are kept', () => {
  it.each(['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6'])(
    'uses the keychain on Linux with %s',
    (linuxBackend) => {
      expect(
        chooseSecretStorage({ platform: 'linux', encryptionAvailable: true, linuxBackend }),
      ).toEqual({ kind: 'keychain' });
    },
  );

  it.each([['basic_text'], ['unknown'], [undefined]])(
    'keeps secrets for the session only on Linux with backend %s, and says what to do',
    (linuxBackend) => {
      const storage = chooseSecretStorage({
        platform: 'linux',
        encryptionAvailable: true,
        ...(linuxBackend ? { linuxBackend } : {}),
      });
      expect(storage.kind).toBe('session');
      expect(storage.kind === 'session' && storage.problem).toMatch(
        /only until it quits.*GNOME Keyring or KWallet/,
      );
    },
  );

  it('keeps secrets for the session only wherever encryption is unavailable', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const)
      expect(chooseSecretStorage({ platform, encryptionAvailable: false }).kind).toBe('session');
  });

  it('uses the keychain on macOS and Windows when encryption is available', () => {
    for (const platform of ['darwin', 'win32'] as const)
      expect(chooseSecretStorage({ platform, encryptionAvailable: true })).toEqual({
        kind: 'keychain',
      });
  });
});
