import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/testHost';
import { quitCycle } from './support/quitCycle';

// Quitting Hearth, cleanly or by force, while servers run calls that never end: no server, no
// process a server started, and no helper of Hearth's may be left running.
describe.skipIf(process.platform === 'win32')('quitting with servers running', () => {
  it('leaves no descendant process after a quit', async () => {
    const cycle = await quitCycle(tempDir('quit'), 'quit');
    expect(cycle.pids).toHaveLength(5);
    expect(cycle.leftover).toEqual([]);
  });

  it('leaves no descendant process after a force-quit (SIGKILL of Hearth)', async () => {
    const cycle = await quitCycle(tempDir('quit'), 'force');
    expect(cycle.pids).toHaveLength(5);
    expect(cycle.leftover).toEqual([]);
  });
});
