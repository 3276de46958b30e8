/**
 * What a sandboxed process could leave behind for something outside the sandbox to run or trust
 * later: git hooks and config (and the hooks folder a config points at), editor task files, shell
 * start-up files, autostart entries, the user's npm cache, a shared temp folder; and what it could
 * take: Hearth's key, Hearth's own environment. A hostile server and hostile shell commands try
 * each in the real OS sandbox; the verdict is read from the real disk afterwards by this process
 * (outside the sandbox), and by git itself, run unsandboxed as the user would, never from what the
 * sandboxed process says it did.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { createBuiltinServer } from '../../electron/core/builtin/server';
import { SudoTickets } from '../../electron/core/builtin/sudo/sudoTickets';
import {
  createServerSandbox,
  createShellSandbox,
  defaultSandboxPolicy,
} from '../../electron/core/sandbox';
import { createTestManager } from '../support/managerHarness';
import { managersDisposedAfterEach, sandboxWorks } from '../support/sandboxHarness';
import { tempDir } from '../support/testHost';

const hostilePath = join(import.meta.dirname, '..', 'fixtures', 'servers', 'hostileServer.mjs');
const MARK = 'echo ran > "$MARKER"';
const markerFile = join(tempDir('left-marker'), 'ran');

const managers = managersDisposedAfterEach();

/** A home with start-up files and a project that is a git repository, as a user has them. */
function userFolders() {
  const home = tempDir('left-home');
  writeFileSync(join(home, '.bashrc'), '# mine\n');
  writeFileSync(join(home, '.profile'), '# mine\n');
  mkdirSync(join(home, '.npm', '_npx'), { recursive: true });
  mkdirSync(join(home, 'Documents'));
  const project = join(home, 'Documents', 'project');
  mkdirSync(project, { recursive: true });
  git(project, 'init', '-q');
  git(project, 'config', 'core.hooksPath', '.githooks');
  mkdirSync(join(project, '.githooks'));
  mkdirSync(join(project, '.vscode'));
  writeFileSync(join(project, '.vscode', 'settings.json'), '{}');
  // What coding agents and other MCP hosts run from a project: Claude Code's hooks, Cursor's servers.
  mkdirSync(join(project, '.claude'));
  writeFileSync(join(project, '.claude', 'settings.json'), '{}');
  mkdirSync(join(project, '.cursor'));
  const nested = join(project, 'vendor', 'lib');
  mkdirSync(nested, { recursive: true });
  git(nested, 'init', '-q');
  const dataDir = join(home, '.config', 'Hearth');
  mkdirSync(join(home, '.config', 'Hearth.keys'), { recursive: true });
  writeFileSync(join(home, '.config', 'Hearth.keys', 'consent.key'), 'KEY-CANARY');
  return { home, project, nested, dataDir, marker: markerFile, gitConfig: readGitConfig(project) };
}

/** git as the user runs it: outside the sandbox; a hook that runs leaves MARKER behind. */
function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, MARKER: markerFile },
  });
}

function readGitConfig(project: string): string {
  return readFileSync(join(project, '.git', 'config'), 'utf8');
}

/** What the user's own, unsandboxed programs would run later: nothing of the sandbox's. */
function expectNothingLeftBehind(folders: ReturnType<typeof userFolders>) {
  const { home, project, nested, marker } = folders;
  for (const planted of [
    join(project, '.git', 'hooks', 'pre-commit'),
    join(project, '.githooks', 'pre-commit'),
    join(nested, '.git', 'hooks', 'pre-commit'),
    join(project, '.vscode', 'tasks.json'),
    join(project, '.cursor', 'mcp.json'),
    join(home, '.bash_profile'),
    join(home, '.config', 'autostart', 'evil.desktop'),
    join(home, '.npm', '_npx', 'evil.js'),
  ]) {
    expect(existsSync(planted), planted).toBe(false);
  }
  expect(readFileSync(join(home, '.bashrc'), 'utf8')).toBe('# mine\n');
  expect(readFileSync(join(project, '.claude', 'settings.json'), 'utf8')).toBe('{}');
  expect(readGitConfig(project)).toBe(folders.gitConfig);
  // The user's next commit, outside the sandbox: no hook of the server's runs.
  git(project, 'commit', '-q', '--allow-empty', '-m', 'after the server');
  git(nested, 'commit', '-q', '--allow-empty', '-m', 'after the server');
  expect(existsSync(marker)).toBe(false);
}

function textOf(result: unknown): string {
  const content = (result as { result?: CallToolResult }).result?.content ?? [];
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

describe.skipIf(!sandboxWorks)('nothing a sandboxed process writes runs outside it later', () => {
  it('a hostile server given a project and the home folder plants nothing and takes nothing', async () => {
    const folders = userFolders();
    const { home, project, nested, dataDir, marker } = folders;
    const sandbox = createServerSandbox({
      dataDir,
      hearthFolders: [dataDir, join(home, '.config', 'Hearth.keys')],
      home,
      platform: process.platform,
    });
    const tm = createTestManager({
      dataDir,
      environment: { ...process.env, HOME: home, HEARTH_SECRET_TOKEN: 'ENV-CANARY' },
      sandbox,
    });
    managers.push(tm);
    await tm.manager.save({
      name: 'hostile',
      roots: [project],
      transport: {
        type: 'stdio',
        command: process.execPath,
        args: [hostilePath],
        env: [],
        sandbox: { ...defaultSandboxPolicy(), allowWrite: ['~'] },
      },
    });
    const review = tm.manager.reviewLaunch('hostile');
    const status = await tm.manager.approveLaunch('hostile', review.fingerprint);
    expect(status.sandbox?.state).toBe('on');
    const write = (path: string, text = `#!/bin/sh\n${MARK}\n`) =>
      tm.manager.callTool('hostile', 'write_file', { path, text });

    // Its allowed work goes through: a file in the project, a file in a home folder.
    expect(textOf(await write(join(project, 'notes.txt'), 'hello'))).toContain('wrote');
    expect(textOf(await write(join(home, 'Documents', 'ok.txt'), 'hello'))).toContain('wrote');

    // Everything that something else runs later is refused.
    await write(join(project, '.git', 'hooks', 'pre-commit'));
    await write(join(project, '.githooks', 'pre-commit'));
    await write(join(nested, '.git', 'hooks', 'pre-commit'));
    await write(join(project, '.git', 'config'), '[core]\n\thooksPath = /tmp\n');
    await write(join(project, '.vscode', 'tasks.json'), '{"tasks":[]}');
    await write(join(project, '.claude', 'settings.json'), `{"hooks":{"Stop":"${MARK}"}}`);
    await write(join(project, '.cursor', 'mcp.json'), '{"mcpServers":{}}');
    await write(join(home, '.bashrc'), MARK);
    await write(join(home, '.bash_profile'), MARK);
    await tm.manager.callTool('hostile', 'make_folder', {
      path: join(home, '.config', 'autostart'),
    });
    await write(join(home, '.config', 'autostart', 'evil.desktop'), '[Desktop Entry]');
    await write(join(home, '.npm', '_npx', 'evil.js'), 'evil');

    // Nothing to take: Hearth's key folder is hidden, and so is Hearth's environment.
    const key = await tm.manager.callTool('hostile', 'read_file', {
      path: join(home, '.config', 'Hearth.keys', 'consent.key'),
    });
    expect(textOf(key)).not.toContain('KEY-CANARY');
    const environment = JSON.parse(
      textOf(await tm.manager.callTool('hostile', 'environment', {})),
    ) as Record<string, string>;
    expect(JSON.stringify(environment)).not.toContain('ENV-CANARY');

    // Its temp folder is its own: not the machine's shared one, and gone once it stops.
    const temp = environment.TMPDIR ?? '';
    expect(temp).not.toBe(tmpdir());
    expect(temp.startsWith(join(tmpdir(), 'hearth-sandbox-'))).toBe(true);
    const shared = join(tmpdir(), `left-behind-${process.pid}`);
    await write(shared, 'shared');
    expect(existsSync(shared)).toBe(false);
    expect(textOf(await write(join(temp, 'scratch'), 'mine'))).toContain('wrote');

    // The approval-less launch wrote nothing else either; git, run by the user, runs nothing.
    expectNothingLeftBehind({ ...folders, marker });
    expect(readFileSync(join(project, 'notes.txt'), 'utf8')).toBe('hello');
    await tm.manager.dispose();
    expect(existsSync(temp)).toBe(false);
  }, 120_000);

  it('hostile shell commands, run in the project and in the home folder, plant nothing and take nothing', async () => {
    const folders = userFolders();
    const { home, project, nested, dataDir, marker } = folders;
    const keys = join(home, '.config', 'Hearth.keys');
    const server = createBuiltinServer({
      tickets: new SudoTickets(),
      shellSandbox: createShellSandbox({
        dataDir,
        hearthFolders: [dataDir, keys],
        home,
        platform: process.platform,
        path: () => process.env.PATH ?? '',
        runWithoutWhenUnavailable: () => false,
      }),
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'left-behind-test', version: '1.0.0' });
    await client.connect(clientSide);
    const run = async (command: string, cwd: string) => {
      const result = (await client.callTool({
        name: 'run_shell_command',
        arguments: { command, cwd },
      })) as CallToolResult;
      return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
    };
    const hook = (path: string) =>
      `mkdir -p ${path} ; printf '#!/bin/sh\\n${MARK}\\n' > ${path}/pre-commit ; chmod +x ${path}/pre-commit`;
    process.env.HEARTH_SECRET_TOKEN = 'ENV-CANARY';
    try {
      expect(await run('echo made > made.txt', project)).toContain('Exit code: 0');
      await run(hook('.git/hooks'), project);
      await run(hook('.githooks'), project);
      await run(hook('vendor/lib/.git/hooks'), project);
      await run(`git config core.hooksPath /tmp ; echo '[core]' >> .git/config`, project);
      await run(`echo '{}' > .vscode/tasks.json`, project);
      await run(
        `echo '{"hooks":{}}' > .claude/settings.json ; echo '{}' > .cursor/mcp.json`,
        project,
      );
      await run(`echo '${MARK}' >> .bashrc ; echo '${MARK}' > .bash_profile`, home);
      await run('mkdir -p .config/autostart && echo x > .config/autostart/evil.desktop', home);
      await run('echo evil > .npm/_npx/evil.js', home);
      // A glob slips past any check of the command's text: the policy hides the folder itself.
      const key = await run('cat ../.config/Hearth.k*/consent.key', join(home, 'Documents'));
      expect(key).not.toContain('KEY-CANARY');
      const environment = await run('env', project);
      expect(environment).not.toContain('ENV-CANARY');
      const shared = join(tmpdir(), `left-behind-shell-${process.pid}`);
      await run(`echo shared > ${shared}`, project);
      expect(existsSync(shared)).toBe(false);
      expect(await run('echo scratch > "$TMPDIR/x" && echo "$TMPDIR"', project)).toContain(
        'hearth-sandbox-',
      );
    } finally {
      delete process.env.HEARTH_SECRET_TOKEN;
      await client.close();
    }
    expect(readFileSync(join(project, 'made.txt'), 'utf8')).toBe('made\n');
    expectNothingLeftBehind({ ...folders, nested, marker });
  }, 120_000);
});
