import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDesktopApp, waitUntil, type DesktopApp } from '../support/electronStandIn/desktopApp';
import { tempDir } from '../support/testHost';

// A secret saved just before the app is told to quit (SIGTERM: a system shutting down, `kill`)
// reaches the secrets file, even while the keyring holds its encryption (a locked keyring asks
// for its password first): the real built main process in a child, against the stand-in.
let app: DesktopApp | undefined;
afterEach(async () => {
  app?.kill();
  await app?.exited;
  app = undefined;
});

const SAVING = 'Saving secrets before quitting';

describe.skipIf(process.platform === 'win32')('quitting with a secret not yet written', () => {
  it('waits for the keyring and keeps the secret', async () => {
    const dataDir = tempDir('desktop-secrets-quit');
    const running = startDesktopApp({ dataDir });
    app = running;
    await waitUntil(
      () => running.state(),
      (state) => state.ipcChannels.includes('ollama:setHeaders') && state.windows.length > 0,
    );
    await running.command('keyring', { locked: true });
    const saved = await running.invoke('ollama:setHeaders', [
      [{ name: 'Authorization', value: 'Bearer kept-at-quit' }],
    ]);
    expect(saved).toMatchObject({ ok: true, value: ['Authorization'] });

    running.child.kill('SIGTERM');
    // Either Hearth says it waits for the secret (then the keyring is unlocked, as the user
    // answering its prompt), or it has gone without it.
    const outcome = await Promise.race([
      running.exited.then(() => 'exited' as const),
      waitUntil(
        async () => running.output(),
        (output) => output.includes(SAVING),
      ).then(() => 'waiting' as const),
    ]);
    if (outcome === 'waiting') await running.command('keyring', { locked: false });
    expect(await running.exited).toBe(0);
    expect(outcome).toBe('waiting');
    const file = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(Object.keys(file)).toContain('ollama:headers');
  }, 60_000);
});
