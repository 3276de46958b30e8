/**
 * The one table from contract channels to service methods. It holds no logic: arguments arrive
 * parsed by the router, and each line forwards them.
 */
import type { Handlers } from './bridge/router';
import type { AppInfo, DesktopStatus } from '../../preload/contract';
import type { LinkService } from './links';
import type { Notices } from './notices';
import {
  completeArgument,
  getPrompt,
  type ImportService,
  type McpManager,
  readResource,
  type ResourceWatch,
  runningTaskCalls,
} from './mcp';
import type { SettingsService } from './settingsService';
import type { ChatService, CommandRuleService } from './chat';
import { previewedMessage, withToolResultPreviews, type ConversationFiles } from './history';
import type { FileStore } from './files';
import type { RendererQuestions } from './questions/userQuestions';
import type { OllamaAccess } from './ollama/ollamaAccess';
import type { RuntimeReport } from './runtimes/runtimeDoctor';
import type { SandboxNeedsReport } from '../../preload/schemas/servers';
import type { RegistryService } from './registry/registryService';
import type { BundleService } from './bundles/bundleService';
import type { AppsService } from './apps/appsService';
import type { ScreenService } from './screen';

export interface Services {
  appInfo: AppInfo;
  /** What the desktop offers; the browser host's answers that nothing is. */
  desktopStatus: { get(): DesktopStatus };
  settings: SettingsService;
  links: LinkService;
  notices: Notices;
  mcp: McpManager;
  resourceWatch: ResourceWatch;
  imports: ImportService;
  chat: ChatService;
  /** The user's attached files in the data folder. */
  files: FileStore;
  /** Conversations out and in: the desktop's dialogs, or the browser host's addresses. */
  conversationFiles: ConversationFiles;
  questions: RendererQuestions;
  commandRules: CommandRuleService;
  ollama: OllamaAccess;
  /** Which runtimes servers can be started with, found on the login shell's PATH. */
  runtimes: { check(): Promise<RuntimeReport[]>; sandbox(): Promise<SandboxNeedsReport> };
  /** Browsing and installing from the MCP registry named in Settings. */
  registry: RegistryService;
  desktop: DesktopEffects;
  /** MCP Bundles, with the desktop's file picker (unsupported in the browser host). */
  bundles: BundleService & { choose(): Promise<{ supported: boolean; stagedId?: string }> };
  apps: AppsService;
  /** Screenshots through the desktop's capture API (the browser host has none). */
  screen: ScreenService;
}

/** What only a desktop host can do; the browser host says it cannot. */
export interface DesktopEffects {
  chooseFolder(title: string): Promise<{ supported: boolean; path?: string }>;
  /** False when there is no main window to show (the browser host). */
  showMainWindow(view?: 'servers' | 'settings' | 'about'): boolean;
}

export function createHandlers(services: Services): Handlers {
  return {
    'app:info': () => services.appInfo,
    'settings:get': () => services.settings.get(),
    'settings:set': (patch) => services.settings.update(patch),
    'settings:reset': () => services.settings.reset(),
    'desktop:status': () => services.desktopStatus.get(),
    'desktop:chooseFolder': (title) => services.desktop.chooseFolder(title),
    'desktop:showMainWindow': (view) => services.desktop.showMainWindow(view),
    'screen:sources': () => services.screen.sources(),
    'screen:capture': (sourceId) => services.screen.capture(sourceId),
    'screen:keep': (captureId, region) => services.screen.keep(captureId, region),
    'screen:discard': (captureId) => services.screen.discard(captureId),
    'links:open': (url) => services.links.open(url),
    'notices:list': () => services.notices.list(),
    'notices:dismiss': (id) => services.notices.dismiss(id),
    'servers:list': () => services.mcp.list(),
    'servers:save': (config, previousName) => services.mcp.save(config, previousName),
    // A bundle's server goes with its files and stored settings.
    'servers:delete': async (name) =>
      (await services.bundles.uninstall(name)) || services.mcp.delete(name),
    'servers:test': (config, previousName) => services.mcp.trial(config, previousName),
    'servers:start': (name) => services.mcp.start(name),
    'servers:stop': (name) => services.mcp.stop(name),
    'servers:restart': (name) => services.mcp.restart(name),
    'servers:signIn': (name) => services.mcp.signIn(name),
    'servers:signOut': (name) => services.mcp.signOut(name),
    'servers:setEnabled': (name, enabled) => services.mcp.setEnabled(name, enabled),
    'servers:reviewLaunch': (name) => services.mcp.reviewLaunch(name),
    'servers:launchRepositories': (name) => services.mcp.launchRepositories(name),
    'servers:approveLaunch': (name, fingerprint, writeFolders) =>
      services.mcp.approveLaunch(name, fingerprint, writeFolders),
    'servers:runUnsandboxed': (name, always) => services.mcp.runUnsandboxed(name, always),
    'servers:harmlessCalls': (name) => services.mcp.harmlessCalls.state(name),
    'servers:setHarmlessCalls': (name, on) => services.mcp.harmlessCalls.set(name, on),
    'servers:allowBlocked': (name, blocked) => services.mcp.allowBlocked(name, blocked),
    'servers:logs': (name) => services.mcp.logs(name),
    'servers:import': (source, options) => services.imports.import(source, options),
    'servers:detectImports': () => services.imports.detect(),
    'runtimes:check': () => services.runtimes.check(),
    'runtimes:sandbox': () => services.runtimes.sandbox(),
    'registry:search': (query) => services.registry.search(query),
    'registry:server': (name, version) => services.registry.server(name, version),
    'registry:install': (request) => services.registry.install(request),
    'registry:stageBundle': (request) => services.registry.stageBundle(request),
    'servers:export': (names) => services.imports.export(names),
    'servers:exportVsCode': (names) => services.imports.exportVsCode(names),
    'prompts:get': (server, name, args) => getPrompt(services.mcp, server, name, args),
    'prompts:complete': (request) => completeArgument(services.mcp, request),
    'resources:read': (ref) => readResource(services.mcp, ref.server, ref.uri),
    'apps:open': (request) => services.apps.open(request),
    'apps:callTool': (appId, call) =>
      services.apps.callTool(appId, call.name, call.arguments ?? {}),
    'apps:readResource': (appId, uri) => services.apps.readResource(appId, uri),
    'apps:close': (appId) => services.apps.close(appId),
    'resources:subscribe': (ref) => services.resourceWatch.subscribe(ref.server, ref.uri),
    'resources:unsubscribe': (ref) => services.resourceWatch.unsubscribe(ref.server, ref.uri),
    'files:begin': (upload) => services.files.begin(upload.name, upload.bytes),
    'files:chunk': (chunk) => services.files.chunk(chunk.uploadId, chunk.offset, chunk.data),
    'files:finish': (uploadId) => services.files.finish(uploadId),
    'files:cancel': (uploadId) => services.files.cancel(uploadId),
    'chat:send': (input) => services.chat.send(input),
    'chat:resend': (conversationId, text, turnId) =>
      services.chat.resend(conversationId, text ?? undefined, turnId),
    'chat:edit': (conversationId, messageId, text, turnId) =>
      services.chat.edit(conversationId, messageId, text, turnId),
    'chat:regenerate': (conversationId, messageId, options) =>
      services.chat.regenerate(conversationId, messageId, options ?? {}),
    'chat:stop': (conversationId, turnId) => services.chat.stop(conversationId, turnId),
    'chat:contextUsage': (draft) => services.chat.context.usage(draft),
    'chat:summarise': (draft) => services.chat.context.summarise(draft),
    'chat:summary': (conversationId) => services.chat.context.current(conversationId),
    'chat:editSummary': (conversationId, summaryId, content) =>
      services.chat.context.edit(conversationId, summaryId, content),
    'chat:undoSummary': (conversationId, summaryId) =>
      services.chat.context.undo(conversationId, summaryId),
    'chat:cancelTask': (conversationId, callId) => runningTaskCalls.cancel(conversationId, callId),
    'conversations:list': (range) => services.chat.history.list(range ?? {}),
    'conversations:get': (id, options) => {
      const read = () => services.chat.history.get(id, options);
      const conversation = read();
      if (!conversation) return null;
      // Calls a stop left unanswered get their results, looked for in the page just read.
      const answered = services.chat.answerUnanswered(id, {
        messages: conversation.messages,
        earlier: conversation.earlierMessages ?? 0,
      });
      const shown = answered > 0 ? read() : conversation;
      return shown ? withToolResultPreviews(shown) : null;
    },
    'conversations:earlierMessages': (id, before, limit) => {
      const page = services.chat.history.messagePage(id, limit, before);
      return page
        ? { messages: page.messages.map(previewedMessage), earlierMessages: page.earlier }
        : null;
    },
    'tools:resultText': (callId, block, offset, length) =>
      services.chat.liveResults.page(callId, block, offset, length) ?? null,
    'conversations:messageContent': (id, messageId, offset, length) =>
      services.chat.history.contentPage(id, messageId, offset, length) ?? null,
    'conversations:rename': (id, title) => services.chat.history.rename(id, title),
    'conversations:setOptions': (id, patch) => services.chat.history.setOptions(id, patch),
    'conversations:delete': (id) => services.chat.deleteConversation(id),
    'conversations:showVersion': (id, messageId) => services.chat.showVersion(id, messageId),
    'conversations:search': (query) => services.chat.history.search(query),
    'conversations:export': (request) => services.conversationFiles.export(request),
    'conversations:import': () => services.conversationFiles.import(),
    'approval:respond': (requestId, answer) => services.questions.answerApproval(requestId, answer),
    'commandRules:list': () => services.commandRules.list(),
    'commandRules:add': (rule) => services.commandRules.add(rule),
    'commandRules:remove': (rule) => services.commandRules.remove(rule),
    'sudo:respond': (requestId, password) => services.questions.answerSudo(requestId, password),
    'elicitation:respond': (requestId, answer) =>
      services.questions.answerElicitation(requestId, answer),
    'sampling:respond': (requestId, answer) => services.questions.answerSampling(requestId, answer),
    'questions:pending': () => services.questions.pending(),
    'ollama:status': () => services.ollama.status(),
    'ollama:headers': () => services.ollama.headerNames(),
    'ollama:setHeaders': (headers) => services.ollama.setHeaders(headers),
    'models:list': () => services.ollama.provider().listModels(),
    'models:capabilities': (model) => services.ollama.provider().capabilities(model),
    'models:pull': (model) => services.chat.pull(model),
    'models:cancelPull': (model) => services.chat.cancelPull(model),
    'tools:list': () => services.mcp.catalog.list(),
    'tools:reviewChange': (server, tool) => services.mcp.reviewToolChange(server, tool),
    'servers:offerings': () => services.mcp.offerings(),
    'tools:configure': (server, tool, patch) => {
      services.mcp.configureTool(server, tool, patch);
      return services.mcp.catalog.list();
    },
    'tools:learned': () => services.chat.toolMemory.size(),
    'tools:forgetLearned': () => services.chat.toolMemory.forget(),
    'bundles:choose': () => services.bundles.choose(),
    'bundles:upload': (chunk) => services.bundles.upload(chunk),
    'bundles:inspect': (id, options) => services.bundles.inspect(id, options),
    'bundles:install': (id, values, options) => services.bundles.install(id, values, options),
    'bundles:discard': (id) => services.bundles.discard(id),
    'bundles:uninstall': (name) => services.bundles.uninstall(name),
    'bundles:list': () => services.bundles.list(),
    'bundles:takeOpened': () => services.bundles.takeOpened(),
  };
}
