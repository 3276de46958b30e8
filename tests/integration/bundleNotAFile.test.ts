import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { greeterManifest } from '../support/bundleBuilder';
import { zippedBundle } from '../support/bundleServiceHarness';
import { startTestHost, tempDir, type TestHost } from '../support/testHost';

// A bundle path handed over from outside (a second instance, `--install`, a file association)
// may name a FIFO or a device. Read the usual way, a FIFO waits for a writer that never comes,
// holding one of Node's four file threads: four of them and every file task in Hearth waits.
let host: TestHost | undefined;
const fifos: string[] = [];
afterEach(async () => {
  // Lets a reader still waiting on a FIFO go (there is none once the path is refused).
  for (const fifo of fifos.splice(0)) {
    try {
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // ENXIO: nobody is reading it.
    }
  }
  await host?.core.dispose();
  await host?.close();
  host = undefined;
});

describe.skipIf(process.platform === 'win32')('a bundle path that is not a regular file', () => {
  it('is refused at once, FIFOs and devices alike, and file work goes on', async () => {
    const started = await startTestHost();
    host = started;
    const folder = tempDir('not-a-file');
    const paths = [1, 2, 3, 4, 5].map((index) => join(folder, `bundle-${index}.mcpb`));
    for (const path of paths) {
      execFileSync('mkfifo', [path]);
      fifos.push(path);
    }
    const refusals = await Promise.all(
      [...paths, '/dev/null'].map((path) =>
        started.core.bundles.open(path).then(
          () => 'opened',
          (error: Error) => error.message,
        ),
      ),
    );
    expect(refusals).toEqual(
      [...paths, '/dev/null'].map(
        (path) =>
          `${path} is not a regular file (a pipe or a device, say), so Hearth will not read it as a bundle.`,
      ),
    );
    expect(await started.core.bundles.open(folder).catch((error: Error) => error.message)).toBe(
      `${folder} is a folder, not a bundle file (.mcpb).`,
    );

    // A real bundle right after: nothing is left holding Hearth's file threads.
    const bundle = zippedBundle(greeterManifest(), { 'server/index.mjs': 'x' });
    const id = await started.core.bundles.open(bundle);
    expect((await started.core.bundles.inspect(id)).name).toBe('greeter');
  });
});
