/**
 * The desktop app's main process: single instance, secure windows, the core behind IPC. Thin on
 * purpose: everything that can run without Electron lives in core/ and is shared with the
 * browser host (headless.ts).
 */
import {
  app,
  BrowserWindow,
  desktopCapturer,
  dialog,
  ipcMain,
  screen,
  session,
  shell,
  systemPreferences,
  webContents,
} from 'electron';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCore, type Core } from './core/createCore';
import { createFileSink } from './core/logFile';
import { createLogger, stderrSink } from './core/logger';
import { contentSecurityPolicy } from './core/security/contentSecurityPolicy';
import { isSameOrigin } from './core/security/origins';
import { APP_ORIGIN, registerAppScheme, serveApp, serveAppSandbox } from './shell/appProtocol';
import { APP_SANDBOX_ORIGIN, killAllNow } from './core/mcp';
import { applyDevelopmentPolicy, hardenSession, hardenWebContents } from './shell/hardening';
import { registerIpc, windowsSink } from './shell/ipc';
import { createMainWindow } from './shell/mainWindow';
import { openSecretVault } from './shell/secretVault';
import { startDesktop } from './shell/desktop';
import { loginItemBackend } from './shell/loginItem';
import { screenCaptureBackend } from './shell/screenCapture';
import { keepLoginItem } from './core/desktop';
import {
  launchHandOver,
  launchRequestFromArguments,
  launchRequestFromSecondInstance,
  type LaunchRequest,
} from './core/launch';
import { appIdOfSandboxPage } from './core/apps/sandboxRoute';

const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
const appOrigin = devServerUrl ? new URL(devServerUrl).origin : APP_ORIGIN;
const startUrl = devServerUrl ?? `${APP_ORIGIN}/index.html`;
const outDir = fileURLToPath(new URL('..', import.meta.url));

// A data folder of its own when asked (portable installs, end-to-end tests); set before the
// single-instance lock, which is kept per data folder.
if (process.env.HEARTH_DATA_DIR) app.setPath('userData', process.env.HEARTH_DATA_DIR);

registerAppScheme();

// What this start asks for, read from the command line as typed (process.argv is not Chromium's
// reordered copy, docs/api/command-line.md); a running Hearth gets it whole as additionalData.
const launch = launchRequestFromArguments(process.argv, process.cwd());

if (!app.requestSingleInstanceLock(launchHandOver(launch))) {
  app.quit();
} else {
  let mainWindow: BrowserWindow | undefined;
  let core: Core | undefined;
  let desktop: ReturnType<typeof startDesktop> | undefined;

  const showMainWindow = () => {
    if (!core) return;
    if (!mainWindow || mainWindow.isDestroyed()) {
      mainWindow = createMainWindow({
        preloadPath: join(outDir, 'preload', 'index.cjs'),
        url: startUrl,
        dataDir: core.appInfo.dataDir,
      });
      return;
    }
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  };

  // A bundle to install (`hearth --install FILE`, or the system opening a .mcpb): the window
  // comes forward and shows its install dialog. Files opened before the core exists wait.
  const waitingBundles: string[] = [];
  const openBundle = (file: string) => {
    if (!core) {
      waitingBundles.push(file);
      return;
    }
    showMainWindow();
    void core.bundles.open(file).catch((error: unknown) => {
      core?.notices.add(
        'error',
        `The bundle ${file} could not be opened: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  };

  // `hearth --install FILE`, a bundle opened with Hearth, or `hearth --quick-chat` (for an
  // OS-level shortcut or a launcher) in a running Hearth; a plain `hearth` brings the window.
  const carryOut = (request: LaunchRequest) => {
    if (request.open === 'bundle') openBundle(request.file);
    else if (request.open === 'quick-chat') desktop?.toggleQuickChat();
    else showMainWindow();
  };
  app.on('second-instance', (_event, argv, cwd, additionalData) => {
    carryOut(launchRequestFromSecondInstance(argv, cwd, additionalData));
  });

  // macOS hands files opened with Hearth (the .mcpb association) to this event, before or after ready.
  app.on('open-file', (event, path) => {
    event.preventDefault();
    openBundle(path);
  });

  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, {
      appOrigin,
      sandboxOrigin: APP_SANDBOX_ORIGIN,
      appFrameAllowed: (appPageUrl, url) => {
        const appId = appIdOfSandboxPage(appPageUrl, APP_SANDBOX_ORIGIN);
        return !!appId && !!core?.apps.nestedFrameAllowed(appId, url);
      },
      openOutside: (url) => {
        void core?.links.open(url).then((outcome) => {
          if (outcome.outcome === 'refused') core?.notices.add('warning', outcome.reason);
        });
      },
    });
  });

  const start = async () => {
    const dataDir = app.getPath('userData');
    const logger = createLogger({
      sinks: [stderrSink, createFileSink(join(dataDir, 'logs', 'main.log'))],
    });
    const { vault, problem } = await openSecretVault(dataDir, (message) =>
      core?.notices.add('error', message),
    );
    core = createCore({
      dataDir,
      logger,
      vault,
      showMainWindow: () => showMainWindow(),
      chooseFolder: async (title) => {
        const options = {
          title,
          properties: ['openDirectory' as const, 'createDirectory' as const],
        };
        const window = BrowserWindow.getFocusedWindow();
        const result = window
          ? await dialog.showOpenDialog(window, options)
          : await dialog.showOpenDialog(options);
        return result.canceled ? undefined : result.filePaths[0];
      },
      chooseBundleFile: async () => {
        const options = {
          title: 'Install an MCP bundle',
          properties: ['openFile' as const],
          filters: [{ name: 'MCP bundles', extensions: ['mcpb', 'dxt'] }],
        };
        const window = BrowserWindow.getFocusedWindow();
        const result = window
          ? await dialog.showOpenDialog(window, options)
          : await dialog.showOpenDialog(options);
        return result.canceled ? undefined : result.filePaths[0];
      },
      screenCapture: screenCaptureBackend({
        desktopCapturer,
        screen,
        systemPreferences,
        platform: process.platform,
        env: process.env,
        ownWindows: () => BrowserWindow.getAllWindows(),
      }),
      chooseExportFile: async (name, format) => {
        const options = {
          title: 'Export conversations',
          defaultPath: name,
          filters: [
            format === 'json'
              ? { name: 'JSON', extensions: ['json'] }
              : { name: 'Markdown', extensions: ['md'] },
          ],
        };
        const window = BrowserWindow.getFocusedWindow();
        const result = window
          ? await dialog.showSaveDialog(window, options)
          : await dialog.showSaveDialog(options);
        return result.canceled || !result.filePath ? undefined : result.filePath;
      },
      chooseImportFile: async () => {
        const options = {
          title: 'Import conversations',
          properties: ['openFile' as const],
          filters: [{ name: 'Conversation exports', extensions: ['json'] }],
        };
        const window = BrowserWindow.getFocusedWindow();
        const result = window
          ? await dialog.showOpenDialog(window, options)
          : await dialog.showOpenDialog(options);
        return result.canceled ? undefined : result.filePaths[0];
      },
      isTrustedSender: (sender) => isSameOrigin(sender.url, appOrigin),
      openExternal: async (url) => {
        await shell.openExternal(url);
        return 'opened';
      },
      appInfo: {
        name: app.getName(),
        version: app.getVersion(),
        host: 'electron',
        platform: process.platform,
        versions: {
          node: process.versions.node,
          electron: process.versions.electron,
          chrome: process.versions.chrome,
        },
      },
    });
    hardenSession(session.defaultSession, appOrigin);
    if (devServerUrl) {
      applyDevelopmentPolicy(
        session.defaultSession,
        appOrigin,
        contentSecurityPolicy({ development: true, frameSources: [APP_SANDBOX_ORIGIN] }),
      );
    } else {
      serveApp(session.defaultSession, join(outDir, 'renderer'), core.files);
    }
    // MCP Apps load in frames on a scheme of their own, framed only by Hearth's pages.
    core.apps.useSandbox({ baseUrl: APP_SANDBOX_ORIGIN, hostOrigins: [appOrigin] });
    serveAppSandbox(session.defaultSession, core.apps);
    registerIpc(ipcMain, core.router);
    // Windows only: DevTools and other web contents have no business receiving app events.
    core.events.addSink(
      windowsSink(() =>
        webContents.getAllWebContents().filter((contents) => contents.getType() === 'window'),
      ),
    );
    // Without a keyring the user chooses in Settings what becomes of secrets.
    if (problem) core.notices.add('warning', problem, 'settings');
    // "Launch Hearth at login" follows the system's login item, and changes it when changed.
    const loginItem = keepLoginItem({
      settings: core.settings,
      backend: loginItemBackend(),
      onProblem: (message) => core?.notices.add('warning', message, 'settings'),
    });
    loginItem.start();
    core.events.addSink((channel) => {
      if (channel === 'settings:changed') loginItem.settingsChanged();
    });
    // The desktop first: it watches for new windows (closing the main one hides or minimises it),
    // and the main window must be created after that watch is in place.
    desktop = startDesktop({
      core,
      preloadPath: join(outDir, 'preload', 'index.cjs'),
      url: startUrl,
      development: !!devServerUrl,
      mainWindow: () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : undefined),
      showMainWindow,
    });
    showMainWindow();
    const firstPage = new Promise<void>((resolve) =>
      mainWindow?.webContents.once('did-finish-load', () => resolve()),
    );
    app.on('activate', showMainWindow);
    if (launch.open === 'quick-chat') desktop.toggleQuickChat();
    const bundle = launch.open === 'bundle' ? [launch.file] : [];
    for (const file of [...waitingBundles.splice(0), ...bundle]) openBundle(file);
    void core.start(firstPage);
  };

  // Quitting ends every server and everything it started before the app goes; the synchronous
  // kill on `exit` covers a quit that could not wait.
  let stopped = false;
  app.on('before-quit', (event) => {
    desktop?.quitting();
    if (stopped || !core) return;
    event.preventDefault();
    void core.dispose().finally(() => {
      stopped = true;
      app.quit();
    });
  });
  process.on('exit', killAllNow);

  void app.whenReady().then(async () => {
    try {
      await start();
    } catch (error) {
      // Nothing can work without the core (an unwritable data folder, say): say why, then quit.
      const reason = error instanceof Error ? error.message : String(error);
      dialog.showErrorBox('Hearth could not start', reason);
      app.exit(1);
    }
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
