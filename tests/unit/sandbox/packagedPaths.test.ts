import { describe, expect, it } from 'vitest';
import { unpackedSeccompPath } from '../../../electron/core/sandbox/packagedPaths';

// A packaged app runs sandbox-runtime from app.asar, where its helper cannot be executed.
describe('the apply-seccomp helper of a packaged app', () => {
  it('is the unpacked copy beside app.asar', () => {
    expect(unpackedSeccompPath('/opt/Hearth/resources/app.asar/out/main/main.js', 'x64')).toBe(
      '/opt/Hearth/resources/app.asar.unpacked/node_modules/@anthropic-ai/sandbox-runtime/vendor/seccomp/x64/apply-seccomp',
    );
  });

  it('is left to the library outside an archive, or on an architecture it has none for', () => {
    expect(unpackedSeccompPath('/users/me/hearth/out/main/main.js', 'x64')).toBeUndefined();
    expect(
      unpackedSeccompPath('/opt/Hearth/resources/app.asar/out/main/main.js', 'ia32'),
    ).toBeUndefined();
  });
});
