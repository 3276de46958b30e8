import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBundle } from '../support/bundleBuilder';
import { startDesktopApp, waitUntil, type DesktopApp } from '../support/electronStandIn/desktopApp';
import { electronVersion } from '../support/firstRun/electronVersion';
import { tempDir } from '../support/testHost';
import { asarTool, standInReleaseZip } from './support/standInRelease';
import { startReleaseMirror, type ReleaseMirror } from './support/releaseMirror';
import { releaseClone } from './support/releaseClone';
import { standInFpm } from './support/standInFpm';
import { asarAllowListProblems } from './support/asarAllowList';
import { bareImportsOf } from './support/bareImports';
import { trayHostStandIn } from './support/trayHost';

// `npm run dist -- --linux dir deb` as a release engineer runs it, offline but for a loopback
// Electron mirror serving a stand-in release, in a fresh clone: what the build packs, whether
// the packed app starts as a packaged app, and the deb's layout (through a stand-in for fpm).
const version = electronVersion();
const releaseName = `electron-v${version}-${process.platform}-${process.arch}.zip`;
let mirror: ReleaseMirror;
let clone: string;
let build: { code: number | null; output: string; seconds: number };
let unpacked: string;
let asarFiles: string[];
const installedCopies: string[] = [];

function npmRun(cwd: string, args: string[], env: NodeJS.ProcessEnv) {
  const environment: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete environment.ELECTRON_EXEC_PATH;
  delete environment.ELECTRON_RENDERER_URL;
  // electron-builder prints nothing but errors when it sees it runs under vitest
  // (builder-util out/log.js, shouldDisableNonErrorLoggingVitest).
  const outsideVitest = Object.fromEntries(
    Object.entries(environment).filter(([name]) => !name.startsWith('VITEST')),
  );
  const started = Date.now();
  const child = spawn('npm', args, { cwd, env: outsideVitest, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string; seconds: number }>((resolve) =>
    child.on('close', (code) => resolve({ code, output, seconds: (Date.now() - started) / 1000 })),
  );
}

beforeAll(async () => {
  const standIn = await standInReleaseZip(version);
  mirror = await startReleaseMirror(version, {
    [releaseName]: standIn,
    // Served for a Windows build too, with a SHASUMS256.txt that vouches for it.
    [`electron-v${version}-win32-x64.zip`]: standIn,
  });
  clone = releaseClone();
  build = await npmRun(clone, ['run', 'dist', '--', '--linux', 'dir', 'deb'], {
    ELECTRON_MIRROR: mirror.url,
    // The stand-in release is not Electron's, so it is checked against the mirror's checksums
    // (Electron's documented opt-out); tests/unit/packaging covers the pinned ones.
    electron_use_remote_checksums: '1',
    electron_config_cache: tempDir('electron-cache'),
    ELECTRON_BUILDER_CACHE: tempDir('builder-cache'),
    CUSTOM_FPM_PATH: standInFpm(),
  });
  process.stdout.write(`Packaging build: ${build.seconds.toFixed(1)} s\n`);
  unpacked = join(clone, 'dist', 'linux-unpacked');
  if (build.code === 0)
    asarFiles = asarTool().listPackage(join(unpacked, 'resources', 'app.asar'), {
      isPack: false,
    });
}, 600_000);

afterAll(async () => {
  await mirror?.close();
  // The clone's node_modules are links and hard links: removing them never touches this checkout.
  if (clone && !process.env.HEARTH_KEEP_PACKAGING_CLONE)
    rmSync(clone, { recursive: true, force: true });
  for (const folder of installedCopies) rmSync(folder, { recursive: true, force: true });
});

describe('npm run dist -- --linux dir deb', () => {
  it('builds with the installed, verified Electron, without Electron’s sample app', () => {
    expect(build.code, build.output).toBe(0);
    // Fetched once, by the same installer `npm start` uses; electron-builder downloaded nothing.
    expect(mirror.requests.filter((path) => path.endsWith(releaseName))).toHaveLength(1);
    expect(build.output).toContain('using custom unpacked Electron distribution');
    expect(existsSync(join(unpacked, 'hearth'))).toBe(true);
    expect(existsSync(join(unpacked, 'resources', 'default_app.asar'))).toBe(false);
    expect(existsSync(join(unpacked, 'version'))).toBe(false);
    // The afterPack check ran over everything packed.
    expect(build.output).toMatch(/No key or certificate among \d+ packed files/);
  });

  it('packs only what runs: app.asar against its allow-list', () => {
    expect(asarAllowListProblems(asarFiles)).toEqual([]);
    expect(asarFiles).toContain('/out/main/main.js');
    expect(asarFiles).toContain('/package.json');
  });

  it('resolves every bare import of out/main inside app.asar', async () => {
    const root = tempDir('asar');
    asarTool().extractAll(join(unpacked, 'resources', 'app.asar'), root);
    const imports = bareImportsOf(join(root, 'out', 'main'));
    expect(imports.length).toBeGreaterThan(3);
    const probe = join(root, 'out', 'main', 'resolveProbe.mjs');
    writeFileSync(
      probe,
      `for (const name of ${JSON.stringify(imports)}) {
        try { console.log(JSON.stringify([name, import.meta.resolve(name)])); }
        catch (error) { console.log(JSON.stringify([name, 'unresolved: ' + error.message])); }
      }`,
    );
    const result = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, [probe], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('close', () => resolve(out));
    });
    const outside = result
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as [string, string])
      .filter(([, url]) => !url.startsWith(`file://${root}/`) && !url.startsWith('node:'));
    expect(outside).toEqual([]);
  });
});

describe('the packed app, started as a packaged app', () => {
  let app: DesktopApp | undefined;
  afterAll(async () => {
    app?.kill();
    await app?.exited;
  });

  it('opens its window, finds its tray icons, opens its history, starts the built-in server and a Node bundle on its own executable', async () => {
    // The packed folder as the system sees it, with app.asar unpacked into a folder of the same
    // name, since the stand-in runs on plain Node, which cannot read the archive.
    const installedCopy = tempDir('installed');
    installedCopies.push(installedCopy);
    const installed = join(installedCopy, 'hearth');
    cpSync(unpacked, installed, { recursive: true, verbatimSymlinks: true });
    const archive = join(installed, 'resources', 'app.asar');
    renameSync(archive, `${archive}.packed`);
    asarTool().extractAll(join(unpacked, 'resources', 'app.asar'), archive);
    const executable = join(installed, 'hearth');
    const resources = join(installed, 'resources');

    const bundle = await buildBundle({ sign: true });
    const dataDir = tempDir('packaged-data');
    const running = startDesktopApp({
      dataDir,
      main: join(archive, 'out', 'main', 'main.js'),
      args: ['--install', bundle.path],
      env: { HEARTH_STANDIN_EXEC_PATH: executable, ...trayHostStandIn() },
    });
    app = running;
    const state = await waitUntil(
      () => running.state(),
      (current) => current.windows.some((window) => window.url !== '') && !!current.tray?.menu,
      30_000,
    );
    expect(state.windows[0]?.url).toMatch(/^app:\/\/hearth\//);
    expect(state.tray?.images[0]).toBe(join(resources, 'tray.png'));
    expect(existsSync(state.tray?.images[0] ?? '')).toBe(true);

    const conversations = (await running.invoke('conversations:list', [{}])) as { ok: boolean };
    expect(conversations.ok, JSON.stringify(conversations)).toBe(true);
    expect(readdirSync(dataDir)).toContain('conversations.sqlite');

    // The built-in tool server starts once the first page is up (electron/core/createCore.ts).
    type ServerEntry = { config: { name: string }; status: { state: string; toolCount: number } };
    const servers = await waitUntil(
      async () => {
        const answer = (await running.invoke('servers:list', [])) as { value?: ServerEntry[] };
        return answer.value ?? [];
      },
      (list) =>
        list.some((entry) => entry.config.name === 'hearth' && entry.status.state === 'ready'),
      30_000,
    );
    expect(
      servers.find((entry) => entry.config.name === 'hearth')?.status.toolCount,
    ).toBeGreaterThan(0);

    // The bundle the system opened Hearth with: installed, then run on Hearth's own executable
    // as Node (ELECTRON_RUN_AS_NODE), which the stand-in release's executable honours.
    const opened = await waitUntil(
      async () => {
        const answer = (await running.invoke('bundles:takeOpened', [])) as { value?: string[] };
        return answer.value ?? [];
      },
      (ids) => ids.length === 1,
    );
    const entry = (await running.invoke('bundles:install', [
      opened[0],
      { greeting: 'Ahoy', folder: dataDir },
    ])) as { ok: boolean; value: { config: { name: string; transport: { command?: string } } } };
    expect(entry.ok, JSON.stringify(entry)).toBe(true);
    expect(entry.value.config.transport.command).toBe(executable);
    const review = (await running.invoke('servers:reviewLaunch', ['Greeter'])) as {
      value: { fingerprint: string };
    };
    const status = (await running.invoke('servers:approveLaunch', [
      'Greeter',
      review.value.fingerprint,
    ])) as { ok: boolean; value: { state: string } };
    expect(status.value?.state, JSON.stringify(status)).toBe('ready');
  }, 90_000);
});

/** A desktop entry's `[Desktop Entry]` keys (freedesktop Desktop Entry Specification). */
function desktopEntry(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^[A-Za-z][\w-]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

describe('the deb, as fpm is handed it', () => {
  it('installs the app with a desktop entry that opens bundles and matches the running window', () => {
    const debs = readdirSync(join(clone, 'dist')).filter((name) => name.endsWith('.deb'));
    expect(debs).toHaveLength(1);
    const staged = join(clone, 'dist', `${debs[0]}.staged`);
    const fpm = JSON.parse(readFileSync(join(clone, 'dist', `${debs[0]}.fpm.json`), 'utf8')) as {
      options: Record<string, string[]>;
      scripts: Record<string, string>;
    };
    const project = JSON.parse(readFileSync(join(clone, 'package.json'), 'utf8')) as {
      homepage: string;
      desktopName: string;
      productName: string;
    };
    // package.json's homepage is what lets electron-builder build a deb at all.
    expect(fpm.options['--url']).toEqual([project.homepage]);

    const applications = readdirSync(join(staged, 'usr', 'share', 'applications'));
    expect(applications).toHaveLength(1);
    const entry = desktopEntry(
      readFileSync(join(staged, 'usr', 'share', 'applications', applications[0] ?? ''), 'utf8'),
    );
    const executable = `/opt/${project.productName}/hearth`;
    expect(existsSync(join(staged, executable))).toBe(true);
    expect(existsSync(join(staged, 'opt', project.productName, 'resources', 'app.asar'))).toBe(
      true,
    );
    // A file opened with Hearth reaches it as an argument: Exec takes URLs (%U).
    expect(entry.Exec).toMatch(new RegExp(`^"?${executable}"? .*%U$`));
    expect(entry.MimeType?.split(';')).toEqual(
      expect.arrayContaining(['application/x-mcpb', 'application/x-dxt']),
    );
    const mime = readFileSync(
      join(staged, 'usr', 'share', 'mime', 'packages', 'hearth.xml'),
      'utf8',
    );
    expect(mime).toContain('<glob pattern="*.mcpb"');
    expect(mime).toContain('<glob pattern="*.dxt"');
    // Electron takes the window's app_id (Wayland) and WM_CLASS (X11) from package.json's
    // desktopName (electron/electron lib/browser/init.ts), so the entry must be named after it
    // and claim it as StartupWMClass, or docks show the window apart from its launcher.
    const desktopId = project.desktopName.replace(/\.desktop$/, '');
    expect(applications[0]).toBe(`${desktopId}.desktop`);
    expect(entry.StartupWMClass).toBe(desktopId);
    // Ubuntu 24.04 and later confine unprivileged user namespaces, which Chromium's sandbox needs:
    // the deb brings an AppArmor profile and loads it on install.
    expect(
      existsSync(join(staged, 'opt', project.productName, 'resources', 'apparmor-profile')),
    ).toBe(true);
    expect(fpm.scripts['--after-install']).toMatch(/apparmor/i);
    const profile = readFileSync(
      join(staged, 'opt', project.productName, 'resources', 'apparmor-profile'),
      'utf8',
    );
    expect(profile).toContain(executable);
    expect(profile).toMatch(/\buserns,/);
  });
});

describe('npm run dist -- --win --dir, on a mirror serving a file that is not Electron’s', () => {
  it('stops before packing, saying the file was wrong, and never lets electron-builder fetch its own', async () => {
    const result = await npmRun(clone, ['run', 'dist', '--', '--win', '--dir'], {
      ELECTRON_MIRROR: mirror.url,
      electron_config_cache: tempDir('electron-cache'),
      ELECTRON_BUILDER_CACHE: tempDir('builder-cache'),
    });
    process.stdout.write(`Refused Windows build: ${result.seconds.toFixed(1)} s\n`);
    expect(result.code).not.toBe(0);
    expect(mirror.requests).toContain(`/v${version}/electron-v${version}-win32-x64.zip`);
    expect(result.output).toContain(
      `the file it received (electron-v${version}-win32-x64.zip from ${mirror.url}) is not the file Electron released`,
    );
    expect(result.output).not.toMatch(/check the network/i);
    // electron-builder's fallback download (which checks only the mirror's SHASUMS256.txt) and
    // its packing never ran.
    expect(result.output).not.toContain('downloaded electron zip extracted successfully');
    expect(existsSync(join(clone, 'dist', 'win-unpacked'))).toBe(false);
  }, 300_000);
});
