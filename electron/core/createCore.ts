/**
 * Assembles the main-process core that both hosts run: the desktop app (electron/main.ts) and
 * the browser host (electron/headless.ts). Host-specific effects come in as functions and
 * objects; nothing here imports Electron.
 */
import { homedir } from 'node:os';
import type { AppInfo } from '../../preload/contract';
import { createEventHub, type EventHub } from './bridge/events';
import { createRouter, type Router, type Sender } from './bridge/router';
import { createHandlers } from './channelTable';
import { createLinkService, openOrReject, type ExternalOpener, type LinkService } from './links';
import type { Logger } from './logger';
import { commandSettingsOf, createBuiltinServer, SudoTickets } from './builtin';
import { createChatService, createCommandRuleService, type ChatService } from './chat';
import { createRendererQuestions, type RendererQuestions } from './questions/userQuestions';
import {
  consentKeyFolder,
  createElicitationHandler,
  createImportService,
  createLaunchContextHolder,
  createMcpManager,
  createResourceWatch,
  createSamplingHandler,
  type McpManager,
} from './mcp';
import { createOllamaAccess } from './ollama/ollamaAccess';
import { createServerSandbox, createShellSandbox } from './sandbox';
import { createNotices, problemReporter, type Notices } from './notices';
import { flushBeforeQuit, type SecretVault } from './secrets/secretVault';
import { createSettingsService, type SettingsService } from './settingsService';
import { openSettingsStore } from './store/settingsStore';
import { ollamaStatusFeed } from './ollama/statusWatch';
import { firstPageUp } from './firstPageUp';
import { createFileStore, type FileStore } from './files';
import { checkRuntimes } from './runtimes/runtimeDoctor';
import { checkSandbox } from './runtimes/sandboxDoctor';
import { createRegistryClient } from './registry/registryClient';
import { createRegistryService } from './registry/registryService';
import { createBundleService, type BundleService } from './bundles/bundleService';
import { withBundleChoice } from './bundles/bundleChoice';
import { createAppsService, type AppsService } from './apps/appsService';
import { createScreenService, keepInFileStore, type ScreenCaptureBackend } from './screen';
import { createDesktopEffects, createDesktopStatus, type DesktopStatusHolder } from './desktop';
import {
  createConversationFiles,
  createConversationTransfer,
  type ConversationTransfer,
  type FileChoosers,
} from './history';

export interface CoreOptions {
  dataDir: string;
  appInfo: Omit<AppInfo, 'dataDir'>;
  logger: Logger;
  /** True only for frames (or sockets) showing the app's own pages. */
  isTrustedSender(sender: Sender): boolean;
  openExternal: ExternalOpener;
  /** Where secrets go: safeStorage in the desktop app, memory in the browser host. */
  vault: SecretVault;
  /** The environment servers are launched from; the login shell's PATH is merged in at start. */
  environment?: NodeJS.ProcessEnv;
  /** The system folder picker; absent in the browser host. */
  chooseFolder?: (title: string) => Promise<string | undefined>;
  /** Brings the main window forward; absent in the browser host. */
  showMainWindow?: () => void;
  /** The system's file picker for a `.mcpb` bundle; absent in the browser host. */
  chooseBundleFile?: () => Promise<string | undefined>;
  /** The save dialog for an export, offering a name; absent in the browser host. */
  chooseExportFile?: FileChoosers['chooseExportFile'];
  /** The open dialog for an import; absent in the browser host. */
  chooseImportFile?: FileChoosers['chooseImportFile'];
  /** Screenshots through the desktop's capture API; absent in the browser host. */
  screenCapture?: ScreenCaptureBackend;
  /** The Node that runs Node bundles: Electron's own binary (as Node) or node itself. */
  nodeExecutable?: string;
}

export interface Core {
  router: Router;
  events: EventHub;
  notices: Notices;
  settings: SettingsService;
  links: LinkService;
  mcp: McpManager;
  chat: ChatService;
  /** The user's attached files in the data folder (the browser host serves their images). */
  files: FileStore;
  /** Conversations out and in; the browser host serves its download and upload through it. */
  transfer: ConversationTransfer;
  questions: RendererQuestions;
  /** MCP Bundles (.mcpb): staged, inspected, installed as servers. */
  bundles: BundleService;
  /** MCP Apps: sessions of shown apps and the gate their requests pass. */
  apps: AppsService;
  appInfo: AppInfo;
  /** What the desktop offers (a tray, a working shortcut); set by the desktop shell. */
  desktopStatus: DesktopStatusHolder;
  /**
   * Watches Ollama and reads the login shell's PATH at once, then starts every enabled server:
   * at once, or with `afterPage` once the host's first page is up (firstPageUp.ts).
   */
  start(afterPage?: Promise<unknown>): Promise<void>;
  /** Stops every server and its processes. */
  dispose(): Promise<void>;
}

export function createCore(options: CoreOptions): Core {
  const base = foundations(options);
  const places = launchPlaces(options, base);
  const services = servicesOf(options, base, places);
  const router = createRouter({
    handlers: channelHandlers(options, base, places, services),
    isTrustedSender: options.isTrustedSender,
    logger: options.logger.child('bridge'),
  });
  const { events, notices, settings, links, appInfo, desktopStatus } = base;
  const { mcp, chat, files, transfer, questions, bundles, apps, ollamaStatus, tickets } = services;
  return {
    router,
    events,
    notices,
    settings,
    links,
    mcp,
    chat,
    files,
    transfer,
    questions,
    bundles,
    apps,
    appInfo,
    desktopStatus,
    async start(afterPage) {
      ollamaStatus.start();
      // The shell is read while the page loads; only the servers wait for it to be up, and they
      // are never shown stopped while the shell answers. A message sent meanwhile waits for them.
      const shell = places.launch.readLoginShell(afterPage ? firstPageUp(afterPage) : undefined);
      // Files uploaded for a message never sent; a help, so a failure only goes to the log.
      void shell
        .then(() => files.sweep((sha256) => chat.history.fileInUse(sha256)))
        .catch((error: unknown) =>
          options.logger.warn('Sweeping unsent attached files failed', error),
        );
      await mcp.startAll(shell);
    },
    async dispose() {
      ollamaStatus.stop();
      await chat.dispose();
      tickets.clear();
      await mcp.dispose();
      await flushBeforeQuit(options.vault, options.logger);
    },
  };
}

type Foundations = ReturnType<typeof foundations>;
type LaunchPlaces = ReturnType<typeof launchPlaces>;
type Services = ReturnType<typeof servicesOf>;

/** What every service reports to or reads: events, notices, settings, links, the app's facts. */
function foundations(options: CoreOptions) {
  const { dataDir, logger } = options;
  const events = createEventHub(logger.child('events'));
  const notices = createNotices(events);
  const onProblem = problemReporter(logger, notices);
  const settings = createSettingsService(openSettingsStore({ dataDir, onProblem }), events);
  const links = createLinkService(options.openExternal, logger.child('links'));
  const appInfo: AppInfo = { ...options.appInfo, dataDir };
  const desktopStatus = createDesktopStatus((status) =>
    events.emit('desktop:statusChanged', status),
  );
  return { events, notices, onProblem, settings, links, appInfo, desktopStatus };
}

/** Where servers and shell commands run: the environment, Hearth's own folders, the sandboxes. */
function launchPlaces(options: CoreOptions, { settings }: Foundations) {
  const { dataDir, logger } = options;
  const baseEnvironment = options.environment ?? process.env;
  // The Node that Node bundles run on; the launch review knows its ELECTRON_RUN_AS_NODE as Hearth's.
  const hearthNode = options.nodeExecutable ?? process.execPath;
  // Every folder of Hearth's own is hidden from sandboxed processes, by policy.
  const hearthFolders = [dataDir, consentKeyFolder(dataDir)];
  const place = { dataDir, hearthFolders, home: homedir(), platform: process.platform };
  const sandbox = createServerSandbox(place);
  const launch = createLaunchContextHolder(
    { platform: process.platform, environment: baseEnvironment, hearthNode, sandbox },
    logger,
  );
  // One environment, one PATH (the login shell's, read at start) for servers and shell commands:
  // the folders on it are what the sandbox keeps read-only for both.
  const launchEnvironment = () => launch.current().environment;
  const shellSandbox = createShellSandbox({
    ...place,
    path: () => launchEnvironment().PATH ?? '',
    runWithoutWhenUnavailable: () => settings.get().chat.shellWithoutSandbox,
  });
  return { baseEnvironment, hearthNode, hearthFolders, launch, shellSandbox };
}

/** The services, each built once: Ollama, the questions, the servers, chat, apps, bundles. */
function servicesOf(options: CoreOptions, base: Foundations, places: LaunchPlaces) {
  const { dataDir, logger } = options;
  const { events, onProblem, settings, links, appInfo } = base;
  const { baseEnvironment, hearthNode, hearthFolders, launch, shellSandbox } = places;
  const tickets = new SudoTickets();
  const ollama = createOllamaAccess(() => settings.get(), baseEnvironment, options.vault);
  const ollamaStatus = ollamaStatusFeed(() => ollama.status(), events);
  const questions = createRendererQuestions(events, {
    sudoTimeoutMs: () => settings.get().chat.sudoPromptSeconds * 1_000,
  });
  const mcp = createMcpManager({
    dataDir,
    vault: options.vault,
    events,
    logger: logger.child('mcp'),
    clientVersion: appInfo.version,
    launchContext: launch.current,
    onProblem,
    builtinServer: () =>
      createBuiltinServer({
        tickets,
        protectedFolders: hearthFolders,
        shellSandbox,
        commandSettings: () => commandSettingsOf(settings.get()),
        environment: () => launch.current().environment,
      }),
    serverRequests: {
      elicit: createElicitationHandler(questions, links),
      sample: createSamplingHandler({
        questions,
        provider: () => ollama.provider(),
        settings: () => settings.get(),
      }),
    },
    // A sign-in page is a link like any other: checked, then opened (or handed to the page).
    openAuthorization: openOrReject(links),
    onTaskFinished: (task, outcome) => chat.lateTaskFinished(task, outcome),
  });
  const files = createFileStore(dataDir);
  const chat = createChatService({
    dataDir,
    files,
    events,
    settings: () => settings.get(),
    provider: () => ollama.provider(),
    mcp,
    questions,
    tickets,
    logger: logger.child('chat'),
    onProblem,
    shellSandbox: () => shellSandbox.check(),
  });
  const transfer = createConversationTransfer(chat.history, files);
  const apps = createAppsService({
    mcp,
    callContext: (id) => chat.callContext(id),
    findCall: (conversationId, callId) => chat.findCall(conversationId, callId),
  });
  const bundles = createBundleService({
    dataDir,
    mcp,
    vault: options.vault,
    events,
    launchContext: launch.current,
    environment: { platform: process.platform, home: homedir(), nodeExecutable: hearthNode },
    onProblem,
  });
  return { tickets, ollama, ollamaStatus, questions, mcp, chat, files, transfer, apps, bundles };
}

/** Every channel's service, for the router (channelTable.ts maps channels to their methods). */
function channelHandlers(
  options: CoreOptions,
  { events, settings, links, notices, appInfo, desktopStatus }: Foundations,
  { baseEnvironment, launch }: LaunchPlaces,
  { mcp, chat, files, transfer, questions, ollama, bundles, apps }: Services,
) {
  return createHandlers({
    appInfo,
    desktopStatus,
    settings,
    links,
    notices,
    mcp,
    resourceWatch: createResourceWatch(mcp, events),
    imports: createImportService({
      manager: mcp,
      platform: process.platform,
      env: baseEnvironment,
      home: homedir(),
      launchContext: launch.current,
    }),
    chat,
    files,
    conversationFiles: createConversationFiles(transfer, {
      ...(options.chooseExportFile ? { chooseExportFile: options.chooseExportFile } : {}),
      ...(options.chooseImportFile ? { chooseImportFile: options.chooseImportFile } : {}),
    }),
    questions,
    commandRules: createCommandRuleService(mcp.consent),
    ollama,
    runtimes: {
      check: () => checkRuntimes(launch.current()),
      sandbox: () => checkSandbox(launch.current()),
    },
    registry: createRegistryService({
      client: () => createRegistryClient({ baseUrl: settings.get().registry.url }),
      servers: { list: () => mcp.list(), save: (config) => mcp.save(config) },
      bundles: { stageFile: (path, stage) => bundles.stageFile(path, stage) },
    }),
    bundles: withBundleChoice(bundles, options.chooseBundleFile),
    apps,
    desktop: createDesktopEffects(options, events),
    screen: createScreenService({
      backend: options.screenCapture,
      keepScreenshot: keepInFileStore(files),
    }),
  });
}
