/**
 * `npm run serve`: the same main-process core as the desktop app, served to a browser on
 * 127.0.0.1 (see core/headless/server.ts). Prints one line with the address to open.
 *   --port N        listen on N (default: a free port)
 *   --data-dir DIR  keep settings and data in DIR (default: the desktop app's data folder)
 *   --install FILE  open an MCP bundle (.mcpb): the page shows its install dialog
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { findAppPackage } from './core/appPackage';
import { createCore } from './core/createCore';
import { defaultDataDir } from './core/dataDir';
import { startHeadlessHost } from './core/headless/server';
import { createFileSink } from './core/logFile';
import { createLogger, stderrSink } from './core/logger';
import { killAllNow } from './core/mcp';
import { createMemoryVault } from './core/secrets/secretVault';

const USAGE = 'Usage: npm run serve -- [--port N] [--data-dir DIR] [--install FILE.mcpb]';

function readOptions(): { port: number; dataDir: string; install?: string } {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      install: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`--port must be a whole number from 0 to 65535, not "${values.port}".`);
  }
  const dataDir = values['data-dir'] ?? defaultDataDir(process.platform, process.env, homedir());
  return { port, dataDir, ...(values.install ? { install: resolve(values.install) } : {}) };
}

async function main(): Promise<void> {
  const { port, dataDir, install } = readOptions();
  const here = fileURLToPath(new URL('.', import.meta.url));
  const pkg = findAppPackage(here);
  const rendererDir = join(pkg.root, 'out', 'renderer');
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(
      `The renderer is not built (${rendererDir} has no index.html). Run \`npm run build\` first.`,
    );
  }
  const logger = createLogger({
    sinks: [stderrSink, createFileSink(join(dataDir, 'logs', 'headless.log'))],
  });
  const host = await startHeadlessHost({
    rendererDir,
    port,
    logger: logger.child('headless'),
    makeCore: (trust) =>
      createCore({
        dataDir,
        logger,
        isTrustedSender: trust,
        openExternal: async () => 'delegated',
        // No keychain here: secrets last for this session only, never on disk in plain text.
        vault: createMemoryVault(),
        appInfo: {
          name: pkg.productName,
          version: pkg.version,
          host: 'browser',
          platform: process.platform,
          versions: { node: process.versions.node },
        },
      }),
  });
  // Staged before the address is printed: the page that opens shows its install dialog.
  if (install) {
    await host.core.bundles.open(install).catch((error: unknown) => {
      process.stderr.write(
        `The bundle ${install} could not be opened: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    });
  }
  process.stdout.write(`Hearth is running at ${host.url}\n`);
  process.on('exit', killAllNow);
  void host.core.start(host.firstPage);
  const stop = () => {
    void host.core
      .dispose()
      .then(() => host.close())
      .then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Hearth could not start: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`,
  );
  process.exit(1);
});
