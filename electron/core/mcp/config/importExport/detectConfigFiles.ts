/**
 * Where other MCP hosts keep their configuration on this machine, so the user can import with a
 * click instead of hunting for files. Paths are built with the target OS's path rules, so they
 * can be tested on any OS.
 */
import { readFile as readFileFromDisk } from 'node:fs/promises';
import { posix, win32 } from 'node:path';
import type { DetectedConfig } from '../../../../../preload/schemas/servers';
import { parseImport } from './parseImport';

/** A file another app may have written, and which app that is. */
export interface ImportCandidate {
  app: string;
  path: string;
}

/** Reads a whole file as UTF-8; `fs.promises.readFile` in the app, a fake in tests. */
export type ReadTextFile = (path: string, encoding: 'utf8') => Promise<string>;

// Errors that mean "there is no such file"; anything else (no permission) is worth showing.
const MISSING_FILE_CODES = new Set(['ENOENT', 'ENOTDIR']);

/** The places Claude Desktop, VS Code (stable and Insiders) and Cursor keep their MCP servers. */
export function importCandidates(
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
  home: string,
): ImportCandidate[] {
  const path = platform === 'win32' ? win32 : posix;
  const configRoot = appConfigRoot(platform, env, home);
  return [
    { app: 'Claude Desktop', path: path.join(configRoot, 'Claude', 'claude_desktop_config.json') },
    { app: 'VS Code', path: path.join(configRoot, 'Code', 'User', 'mcp.json') },
    { app: 'VS Code Insiders', path: path.join(configRoot, 'Code - Insiders', 'User', 'mcp.json') },
    { app: 'Cursor', path: path.join(home, '.cursor', 'mcp.json') },
  ];
}

/** Where desktop apps keep per-user settings: Application Support, %APPDATA% or XDG config. */
function appConfigRoot(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home: string): string {
  if (platform === 'win32') {
    // An empty APPDATA is as good as none: it would make the path relative to the working directory.
    return env.APPDATA || win32.join(home, 'AppData', 'Roaming');
  }
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support');
  // The XDG spec says a relative XDG_CONFIG_HOME is to be ignored.
  const xdgConfigHome = env.XDG_CONFIG_HOME;
  return xdgConfigHome?.startsWith('/') ? xdgConfigHome : posix.join(home, '.config');
}

/**
 * The candidates that exist, in the order given, each with the number of servers it would
 * import. A file that exists but cannot be read or parsed is still listed, with 0 servers, so
 * the user sees it and gets the reason when importing it.
 */
export async function detectConfigFiles(
  candidates: readonly ImportCandidate[],
  readFile: ReadTextFile = readFileFromDisk,
): Promise<DetectedConfig[]> {
  const found = await Promise.all(
    candidates.map(async (candidate): Promise<DetectedConfig | undefined> => {
      let text: string;
      try {
        text = await readFile(candidate.path, 'utf8');
      } catch (error) {
        if (isMissingFile(error)) return undefined;
        return { ...candidate, serverCount: 0 };
      }
      const parsed = parseImport(text);
      const serverCount = parsed.servers.filter((server) => server.config !== undefined).length;
      return { ...candidate, serverCount };
    }),
  );
  return found.filter((config) => config !== undefined);
}

function isMissingFile(error: unknown): boolean {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  return typeof code === 'string' && MISSING_FILE_CODES.has(code);
}
