/**
 * `npm start`, `npm run dev` and `npm run dist`: Node's version checked first, then for start and
 * dev Electron's binary fetched when it is missing (scripts/electronBinary.mjs) and electron-vite
 * pointed at it; dist builds the app and hands electron-builder's arguments to
 * scripts/packaging/buildInstallers.mjs, which packs only verified Electron releases. A failure
 * ends in one plain message and a non-zero exit, never a stack trace.
 *   node scripts/desktop.mjs start|dev|dist [more arguments for the tool]
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

const problem = require('./checkNode.cjs').nodeVersionProblem(process.version);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}

const [command, ...extra] = process.argv.slice(2);
const tool = (name) => join(projectRoot, 'node_modules', name);
/** Each command as the steps it runs, in order; each step is [script, ...arguments]. */
const commands = {
  start: [[join(tool('electron-vite'), 'bin', 'electron-vite.js'), 'preview', ...extra]],
  dev: [[join(tool('electron-vite'), 'bin', 'electron-vite.js'), 'dev', ...extra]],
  dist: [
    [join(tool('electron-vite'), 'bin', 'electron-vite.js'), 'build'],
    [join(projectRoot, 'scripts', 'packaging', 'buildInstallers.mjs'), ...extra],
  ],
};

if (!Object.hasOwn(commands, command)) {
  process.stderr.write('Usage: node scripts/desktop.mjs start|dev|dist [arguments]\n');
  process.exit(2);
}

const env = { ...process.env };
if (command !== 'dist') {
  const { ensureElectron, ElectronDownloadError } = await import('./electronBinary.mjs');
  try {
    // electron-vite starts this binary instead of looking for one beside its own copy of the
    // package.
    env.ELECTRON_EXEC_PATH = await ensureElectron(projectRoot);
  } catch (error) {
    if (!(error instanceof ElectronDownloadError)) throw error;
    process.stderr.write(`\n${error.message}\n`);
    process.exit(1);
  }
}

function run([script, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: projectRoot,
      env,
      stdio: 'inherit',
    });
    // Ctrl-C in the terminal reaches the child by itself; a signal sent to this process only
    // (a process manager's SIGTERM) is passed on.
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
      process.on(signal, () => child.kill(signal));
    child.on('error', (error) => {
      process.stderr.write(`Could not run ${script}: ${error.message}\n`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

for (const step of commands[command]) {
  const code = await run(step);
  if (code !== 0) process.exit(code);
}
