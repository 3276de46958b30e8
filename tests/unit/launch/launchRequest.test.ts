import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  launchHandOver,
  launchRequestFromArguments,
  launchRequestFromSecondInstance,
  readCommandLine,
} from '../../../electron/core/launch';

const cwd = resolve('/projects/somewhere');

describe('what a start of Hearth asks for, from the command line as typed', () => {
  it('takes --install FILE and --install=FILE, relative to the folder it ran in', () => {
    expect(launchRequestFromArguments(['hearth', '--install', 'a.mcpb'], cwd)).toEqual({
      open: 'bundle',
      file: resolve(cwd, 'a.mcpb'),
    });
    expect(launchRequestFromArguments(['hearth', '--install=/tmp/b.mcpb'], cwd)).toEqual({
      open: 'bundle',
      file: resolve('/tmp/b.mcpb'),
    });
    // Any file, not only one named .mcpb, when --install names it.
    expect(launchRequestFromArguments(['hearth', '--install', 'download.zip'], cwd)).toEqual({
      open: 'bundle',
      file: resolve(cwd, 'download.zip'),
    });
  });

  it('takes a bare .mcpb or .dxt path, or a file:// URL from a desktop file’s %U', () => {
    expect(launchRequestFromArguments(['/opt/Hearth/hearth', '/users/u/x.MCPB'], cwd)).toEqual({
      open: 'bundle',
      file: resolve('/users/u/x.MCPB'),
    });
    expect(launchRequestFromArguments(['electron', '.', 'old.dxt'], cwd)).toEqual({
      open: 'bundle',
      file: resolve(cwd, 'old.dxt'),
    });
    const url = pathToFileURL('/users/u/My Downloads/tool.mcpb').href;
    expect(url).toContain('%20');
    expect(launchRequestFromArguments(['hearth', url], cwd)).toEqual({
      open: 'bundle',
      file: '/users/u/My Downloads/tool.mcpb',
    });
    // A web address is no file on this computer.
    expect(launchRequestFromArguments(['hearth', 'https://example.com/x.mcpb'], cwd)).toEqual({
      open: 'window',
    });
  });

  it('asks for the quick chat or only the window otherwise', () => {
    expect(launchRequestFromArguments(['hearth', '--quick-chat'], cwd)).toEqual({
      open: 'quick-chat',
    });
    expect(launchRequestFromArguments(['hearth'], cwd)).toEqual({ open: 'window' });
    expect(launchRequestFromArguments(['hearth', '--install'], cwd)).toEqual({ open: 'window' });
  });
});

describe('what a second instance asked for, in the running Hearth', () => {
  it('takes the hand-over the second instance sent, whatever its argv became', () => {
    const file = resolve('/users/u/Downloads/x.mcpb');
    // Chromium's argv of the second instance: switches first, Electron's own added among them.
    const argv = ['hearth', '--install', '--allow-file-access-from-files', '/wrong/place.mcpb'];
    expect(
      launchRequestFromSecondInstance(argv, cwd, launchHandOver({ open: 'bundle', file })),
    ).toEqual({ open: 'bundle', file });
    expect(
      launchRequestFromSecondInstance(['hearth'], cwd, launchHandOver({ open: 'quick-chat' })),
    ).toEqual({ open: 'quick-chat' });
  });

  it('reads argv by switch name when there is no hand-over, ignoring switches Chromium added', () => {
    // `hearth --install x.mcpb` as Chromium passes it on: the file moved behind the switches.
    const argv = ['hearth', '--install', '--allow-file-access-from-files', 'x.mcpb'];
    expect(launchRequestFromSecondInstance(argv, cwd, undefined)).toEqual({
      open: 'bundle',
      file: resolve(cwd, 'x.mcpb'),
    });
    expect(
      launchRequestFromSecondInstance(
        ['hearth', '--allow-file-access-from-files', '--quick-chat', '--enable-features=X'],
        cwd,
        null,
      ),
    ).toEqual({ open: 'quick-chat' });
  });

  it('does not take a hand-over that is not Hearth’s, or a relative file in one', () => {
    const argv = ['hearth', '--allow-file-access-from-files'];
    for (const data of [
      { hearthLaunch: { open: 'bundle', file: 'relative.mcpb' } },
      { hearthLaunch: { open: 'run', command: 'rm' } },
      { other: true },
      'text',
    ])
      expect(launchRequestFromSecondInstance(argv, cwd, data), JSON.stringify(data)).toEqual({
        open: 'window',
      });
  });
});

describe('reading a command line by switch name', () => {
  it('keeps switches, their values and the other arguments apart; -- ends the switches', () => {
    const line = readCommandLine(
      ['hearth', '--a=1', '-b', '--install', 'f', 'plain', '--', '--not-a-switch'],
      ['install'],
    );
    expect(Object.fromEntries(line.switches)).toEqual({ a: '1', b: true, install: true });
    expect(line.following.get('install')).toBe('f');
    expect(line.positionals).toEqual(['plain', '--not-a-switch']);
  });
});
