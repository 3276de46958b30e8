import { describe, expect, it } from 'vitest';
import {
  detectConfigFiles,
  importCandidates,
  type ReadTextFile,
} from '../../../electron/core/mcp/config/importExport';
import { readImportFixture } from './readFixture';

describe('importCandidates', () => {
  it('lists the macOS Application Support locations and ~/.cursor', () => {
    expect(importCandidates('darwin', { XDG_CONFIG_HOME: '/ignored' }, '/Users/someone')).toEqual([
      {
        app: 'Claude Desktop',
        path: '/Users/someone/Library/Application Support/Claude/claude_desktop_config.json',
      },
      { app: 'VS Code', path: '/Users/someone/Library/Application Support/Code/User/mcp.json' },
      {
        app: 'VS Code Insiders',
        path: '/Users/someone/Library/Application Support/Code - Insiders/User/mcp.json',
      },
      { app: 'Cursor', path: '/Users/someone/.cursor/mcp.json' },
    ]);
  });

  it('lists %APPDATA% locations on Windows with backslashes', () => {
    const env = { APPDATA: 'C:\\Users\\Sam\\AppData\\Roaming' };
    expect(importCandidates('win32', env, 'C:\\Users\\Sam')).toEqual([
      {
        app: 'Claude Desktop',
        path: 'C:\\Users\\Sam\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
      },
      { app: 'VS Code', path: 'C:\\Users\\Sam\\AppData\\Roaming\\Code\\User\\mcp.json' },
      {
        app: 'VS Code Insiders',
        path: 'C:\\Users\\Sam\\AppData\\Roaming\\Code - Insiders\\User\\mcp.json',
      },
      { app: 'Cursor', path: 'C:\\Users\\Sam\\.cursor\\mcp.json' },
    ]);
  });

  it('falls back to AppData\\Roaming under home when APPDATA is missing or empty', () => {
    for (const env of [{}, { APPDATA: '' }]) {
      expect(importCandidates('win32', env, 'C:\\Users\\Sam')[0]?.path).toBe(
        'C:\\Users\\Sam\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
      );
    }
  });

  it('uses ~/.config on Linux without XDG_CONFIG_HOME', () => {
    expect(
      importCandidates('linux', {}, '/users/someone').map((candidate) => candidate.path),
    ).toEqual([
      '/users/someone/.config/Claude/claude_desktop_config.json',
      '/users/someone/.config/Code/User/mcp.json',
      '/users/someone/.config/Code - Insiders/User/mcp.json',
      '/users/someone/.cursor/mcp.json',
    ]);
  });

  it('uses an absolute XDG_CONFIG_HOME on Linux and ignores a relative one', () => {
    expect(
      importCandidates('linux', { XDG_CONFIG_HOME: '/srv/cfg' }, '/users/someone')[1]?.path,
    ).toBe('/srv/cfg/Code/User/mcp.json');
    expect(importCandidates('linux', { XDG_CONFIG_HOME: 'cfg' }, '/users/someone')[1]?.path).toBe(
      '/users/someone/.config/Code/User/mcp.json',
    );
  });
});

function fakeFiles(files: Record<string, string | Error>): {
  readFile: ReadTextFile;
  reads: string[];
} {
  const reads: string[] = [];
  const readFile: ReadTextFile = async (path, encoding) => {
    expect(encoding).toBe('utf8');
    reads.push(path);
    const content = files[path];
    if (content instanceof Error) throw content;
    if (content === undefined) {
      throw Object.assign(new Error(`ENOENT: no such file, open '${path}'`), { code: 'ENOENT' });
    }
    return content;
  };
  return { readFile, reads };
}

describe('detectConfigFiles', () => {
  const candidates = importCandidates('linux', {}, '/users/someone');

  it('lists only the files that exist, in candidate order, with their server counts', async () => {
    const { readFile, reads } = fakeFiles({
      '/users/someone/.cursor/mcp.json': readImportFixture('cursorMcp.json'),
      '/users/someone/.config/Claude/claude_desktop_config.json':
        readImportFixture('claudeDesktop.json'),
    });
    expect(await detectConfigFiles(candidates, readFile)).toEqual([
      {
        app: 'Claude Desktop',
        path: '/users/someone/.config/Claude/claude_desktop_config.json',
        serverCount: 5,
      },
      { app: 'Cursor', path: '/users/someone/.cursor/mcp.json', serverCount: 4 },
    ]);
    expect(reads).toEqual(candidates.map((candidate) => candidate.path));
  });

  it('counts only the servers that would import', async () => {
    const { readFile } = fakeFiles({
      '/users/someone/.config/Code/User/mcp.json': readImportFixture('unknownFields.json'),
    });
    expect(await detectConfigFiles(candidates, readFile)).toEqual([
      { app: 'VS Code', path: '/users/someone/.config/Code/User/mcp.json', serverCount: 1 },
    ]);
  });

  it('still lists a file that exists but does not parse, with no servers', async () => {
    const { readFile } = fakeFiles({
      '/users/someone/.config/Code/User/mcp.json': readImportFixture('brokenJson.txt'),
    });
    expect(await detectConfigFiles(candidates, readFile)).toEqual([
      { app: 'VS Code', path: '/users/someone/.config/Code/User/mcp.json', serverCount: 0 },
    ]);
  });

  it('lists a file it may not read, but not one whose folder is missing', async () => {
    const { readFile } = fakeFiles({
      '/users/someone/.cursor/mcp.json': Object.assign(new Error('EACCES'), { code: 'EACCES' }),
      '/users/someone/.config/Code/User/mcp.json': Object.assign(new Error('ENOTDIR'), {
        code: 'ENOTDIR',
      }),
    });
    expect(await detectConfigFiles(candidates, readFile)).toEqual([
      { app: 'Cursor', path: '/users/someone/.cursor/mcp.json', serverCount: 0 },
    ]);
  });

  it('finds nothing when no file exists', async () => {
    expect(await detectConfigFiles(candidates, fakeFiles({}).readFile)).toEqual([]);
  });
});
