import { describe, expect, it } from 'vitest';
import { bubblewrapInPlace } from '../../../electron/core/sandbox/sandboxRuntime';

// sandbox-runtime hands back `sh -c "<bwrap> …"` on Linux (linux-sandbox-utils.ts,
// wrapCommandWithSandboxLinux): the shell becomes bubblewrap instead of forking it.
describe('starting bubblewrap in place of the shell', () => {
  it('puts exec before the library’s bubblewrap command', () => {
    const script = "/usr/bin/bwrap --new-session --die-with-parent -- /bin/sh -c 'true'";
    expect(bubblewrapInPlace(['/bin/sh', '-c', script])).toEqual([
      '/bin/sh',
      '-c',
      `exec ${script}`,
    ]);
  });

  it('leaves any other shape as it is', () => {
    const others = [
      ['/bin/sh', '-c', 'SRT=1 /usr/bin/bwrap --new-session -- true'],
      ['/bin/sh', '-c', 'bwrap --new-session -- true'],
      ['/usr/bin/sandbox-exec', '-p', '(version 1)', '/bin/sh', '-c', 'true'],
      ['/bin/sh', '-c', '/usr/bin/bwrap -- true', 'extra'],
      ['/bin/sh', '/usr/bin/bwrap -- true'],
      [],
    ];
    for (const argv of others) expect(bubblewrapInPlace(argv)).toEqual(argv);
  });
});
