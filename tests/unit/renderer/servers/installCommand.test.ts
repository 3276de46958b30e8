import { describe, expect, it } from 'vitest';
import { installCommand } from '../../../../renderer/src/servers/sandbox/installCommand';

// The advice electron/core/sandbox/availability.ts gives, and the command a Copy button takes.
describe('the command in the sandbox’s install advice', () => {
  it.each([
    ['On Debian or Ubuntu: sudo apt install bubblewrap socat', 'sudo apt install bubblewrap socat'],
    ['With Homebrew: brew install ripgrep', 'brew install ripgrep'],
    [
      'Allow unprivileged user namespaces: sudo sysctl kernel.unprivileged_userns_clone=1 (Debian), or on Ubuntu 24.04 and later add an AppArmor profile for bwrap; then restart Hearth.',
      'sudo sysctl kernel.unprivileged_userns_clone=1',
    ],
  ])('%s', (advice, command) => {
    expect(installCommand(advice)).toBe(command);
  });

  it('gives none for advice that names no command', () => {
    expect(installCommand('The sandbox runs on Linux and macOS only.')).toBeUndefined();
  });
});
