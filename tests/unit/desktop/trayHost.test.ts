import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findTrayHost,
  findTrayHostSync,
  hasTray,
  type ProgramRunner,
} from '../../../electron/core/desktop';
import { startSessionBus, type SessionBus } from '../../support/sessionBus';

// Against a real dbus-daemon: a bus with a StatusNotifierWatcher owner (KDE Plasma, GNOME with
// the AppIndicator extension) and one without (stock GNOME).
describe('finding a tray host on the session bus', () => {
  let bus: SessionBus;
  beforeAll(() => {
    bus = startSessionBus({ trayHost: false });
  });
  afterAll(() => bus.stop());
  const ask = () =>
    findTrayHost({
      platform: 'linux',
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: bus.address },
    });

  it('finds none where nothing owns org.kde.StatusNotifierWatcher, and one once a host appears and leaves', async () => {
    expect(await ask()).toBe('absent');
    bus.startTrayHost();
    expect(await ask()).toBe('present');
    bus.stopTrayHost();
    expect(await ask()).toBe('absent');
  });

  it('gives the same answers blocking, for the one asked before any window exists', () => {
    const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: bus.address };
    expect(findTrayHostSync({ platform: 'linux', env })).toBe('absent');
    bus.startTrayHost();
    expect(findTrayHostSync({ platform: 'linux', env })).toBe('present');
    bus.stopTrayHost();
    expect(findTrayHostSync({ platform: 'linux', env: { PATH: process.env.PATH } })).toBe('absent');
  });

  it('asks with each D-Bus client alike: gdbus, dbus-send and busctl read the same answer', async () => {
    bus.startTrayHost();
    try {
      for (const only of ['gdbus', 'dbus-send', 'busctl']) {
        const skipOthers: ProgramRunner = async (file, args, env) => {
          if (file !== only) return undefined;
          const { execFile } = await import('node:child_process');
          return new Promise((resolve) =>
            execFile(file, args, { env, encoding: 'utf8' }, (error, stdout) =>
              resolve({ ok: !error, stdout }),
            ),
          );
        };
        const answer = await findTrayHost({
          platform: 'linux',
          env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: bus.address },
          run: skipOthers,
        });
        expect({ only, answer }).toEqual({ only, answer: 'present' });
      }
    } finally {
      bus.stopTrayHost();
    }
  });
});

describe('without a session bus or a D-Bus client', () => {
  it('finds no host when the bus cannot be reached', async () => {
    const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
    expect(await findTrayHost({ platform: 'linux', env })).toBe('absent');
  });

  it('finds no host when there is no session bus at all, and starts none', async () => {
    const runtime = mkdtempSync(join(tmpdir(), 'hearth-runtime-'));
    const asked: string[] = [];
    try {
      const env = { PATH: process.env.PATH, XDG_RUNTIME_DIR: runtime };
      const answer = await findTrayHost({
        platform: 'linux',
        env,
        run: async (file) => {
          asked.push(file);
          return undefined;
        },
      });
      expect(answer).toBe('absent');
      // No client ran: one would have autolaunched a bus of its own.
      expect(asked).toEqual([]);
    } finally {
      rmSync(runtime, { recursive: true, force: true });
    }
  });

  it('says it does not know when no client is installed, which counts as no tray', async () => {
    const answer = await findTrayHost({
      platform: 'linux',
      env: { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus' },
      run: async () => undefined,
    });
    expect(answer).toBe('unknown');
    expect(hasTray(answer)).toBe(false);
  });

  it('always has a tray on macOS and Windows, without asking anything', async () => {
    const run: ProgramRunner = async () => {
      throw new Error('asked');
    };
    for (const platform of ['darwin', 'win32'] as const) {
      expect(await findTrayHost({ platform, env: {}, run })).toBe('present');
    }
  });
});
