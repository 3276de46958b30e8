/**
 * THE contract between the main process and the renderer: every invoke channel (arguments and
 * result) and every main-to-renderer event (payload), as zod schemas. Main parses every inbound
 * payload with these schemas; the preload and the WebSocket bridge build their API from them, so a
 * channel added here is a channel everywhere (its name goes in ./channels too, which the compiler
 * checks, so the page can build its API without these schemas). Channel names are `domain:verb`.
 */
import { z } from 'zod';
import { exportRequestSchema, exportResultSchema, importResultSchema } from './schemas/transfer';
import {
  captureIdSchema,
  screenCaptureSchema,
  screenRegionSchema,
  screenshotSchema,
  screenSourceIdSchema,
  screenSourcesSchema,
} from './schemas/screen';
import {
  argumentFolderChoiceSchema,
  catalogToolSchema,
  detectedConfigSchema,
  importOptionsSchema,
  importReportSchema,
  importSourceSchema,
  launchRepositoriesSchema,
  launchReviewSchema,
  logEntrySchema,
  offeringsSchema,
  progressEventSchema,
  serverConfigSchema,
  serverEntrySchema,
  headerSchema,
  serverNameSchema,
  serverStatusSchema,
  harmlessCallsSchema,
  runtimeReportSchema,
  sandboxNeedsSchema,
  toolSettingsPatchSchema,
  trialReportSchema,
} from './schemas/servers';
import {
  approvalAnswerSchema,
  approvalRequestSchema,
  commandRuleSchema,
  chatDeltaSchema,
  chatSendSchema,
  chatStatusSchema,
  contentPageSchema,
  conversationSchema,
  conversationOptionsPatchSchema,
  conversationOptionsSchema,
  conversationSummarySchema,
  elicitationAnswerSchema,
  messagePageSchema,
  elicitationRequestSchema,
  modelCapabilitiesSchema,
  modelSummarySchema,
  ollamaStatusSchema,
  pendingQuestionsSchema,
  pullProgressSchema,
  samplingAnswerSchema,
  samplingRequestSchema,
  searchHitSchema,
  storedMessageSchema,
  sudoRequestSchema,
  toolCallEventSchema,
} from './schemas/chat';
import {
  contextDraftSchema,
  contextSummarySchema,
  contextUsageSchema,
  summaryChangedSchema,
} from './schemas/context';
import {
  appOpenRequestSchema,
  appResourceResultSchema,
  appToolCallSchema,
  appToolResultSchema,
  appViewSchema,
} from './schemas/apps';
import {
  bundleInstallOptionsSchema,
  bundlePreviewSchema,
  installedBundleSchema,
  stagedBundleIdSchema,
  uploadChunkSchema as bundleChunkSchema,
  userConfigValuesSchema,
} from './schemas/bundles';
import {
  fileFactsSchema,
  uploadBeginSchema,
  uploadChunkSchema,
  uploadIdSchema,
} from './schemas/files';
import {
  attachmentRefSchema,
  completionRequestSchema,
  completionResultSchema,
  promptResultSchema,
  resourceReadSchema,
  resourceUpdatedSchema,
} from './schemas/content';
import {
  registryBundleRequestSchema,
  registryInstallSchema,
  registryPageSchema,
  registrySearchSchema,
  registryServerSchema,
  registryStagedBundleSchema,
} from './schemas/registry';
import { MAX_MESSAGE_PAGE, MAX_TEXT_LENGTH, MAX_URL_LENGTH } from './schemas/limits';
import { settingsPatchSchema, settingsSchema } from './schemas/settings';

export { errorCodes, type BridgeErrorShape, type ErrorCode, type Outcome } from './outcome';
export { applySettingsPatch } from './settingsPatch';

export { MAX_MESSAGE_PAGE, MAX_TEXT_LENGTH, MAX_URL_LENGTH } from './schemas/limits';
// The settings' schemas live in ./schemas/settings; many files take them from here still.
export {
  chatSettingsSchema,
  desktopSettingsSchema,
  ollamaSettingsSchema,
  registrySettingsSchema,
  settingsPatchSchema,
  settingsSchema,
  themeSchema,
  type Settings,
  type SettingsPatch,
} from './schemas/settings';

const shortText = z.string().max(200);
const appIdSchema = z.string().min(1).max(128);
const text = z.string().max(MAX_TEXT_LENGTH);

export const appInfoSchema = z.strictObject({
  name: shortText,
  version: shortText,
  /** `electron` in the desktop app, `browser` when served by `npm run serve`. */
  host: z.enum(['electron', 'browser']),
  platform: shortText,
  versions: z.strictObject({
    node: shortText,
    electron: shortText.optional(),
    chrome: shortText.optional(),
  }),
  dataDir: text,
});
export type AppInfo = z.output<typeof appInfoSchema>;

/** What the desktop app can promise on this desktop; the browser host promises none of it. */
export const desktopStatusSchema = z.strictObject({
  /** The desktop shows Hearth's tray icon, so closing the window keeps Hearth there. */
  tray: z.boolean(),
  /**
   * The quick-chat shortcut: `registered` works; `unverified` was accepted but the desktop decides
   * (Wayland binds through a portal that may refuse without telling); `failed` was refused;
   * `none` where there are no global shortcuts (the browser host).
   */
  shortcut: z.enum(['registered', 'unverified', 'failed', 'none']),
  /** The command that opens quick chat, to bind in the desktop's own keyboard settings. */
  quickChatCommand: z.string().max(4_096),
});
export type DesktopStatus = z.output<typeof desktopStatusSchema>;

export const noticeSchema = z.strictObject({
  id: z.int().nonnegative(),
  level: z.enum(['info', 'warning', 'error']),
  message: text,
  at: z.iso.datetime(),
  /** Where the user answers it: the notice offers a button that opens that view. */
  opens: z.enum(['settings']).optional(),
});
export type Notice = z.output<typeof noticeSchema>;

/**
 * What happened to a link the renderer asked main to open. `delegated` means this host has no
 * system browser of its own (the browser host): main checked the link and the page opens it.
 */
export const linkOutcomeSchema = z.discriminatedUnion('outcome', [
  z.strictObject({ outcome: z.literal('opened') }),
  z.strictObject({ outcome: z.literal('delegated'), url: z.string().max(MAX_URL_LENGTH) }),
  z.strictObject({ outcome: z.literal('refused'), reason: text }),
]);
export type LinkOutcome = z.output<typeof linkOutcomeSchema>;

function channel<const Args extends z.ZodTuple, Result extends z.ZodType>(
  args: Args,
  result: Result,
) {
  return { args, result };
}

/** Renderer-to-main calls. `args` is the positional argument list, checked as a strict tuple. */
export const invokeChannels = {
  'app:info': channel(z.tuple([]), appInfoSchema),
  'settings:get': channel(z.tuple([]), settingsSchema),
  'settings:set': channel(z.tuple([settingsPatchSchema]), settingsSchema),
  /** Every setting back to its default. */
  'settings:reset': channel(z.tuple([]), settingsSchema),
  /**
   * Brings the main window forward, on one of its views when named (from the popup); `false` in
   * the browser host.
   */
  'desktop:showMainWindow': channel(
    z.tuple([z.enum(['servers', 'settings', 'about']).optional()]),
    z.boolean(),
  ),
  /** What the desktop offers (a tray, a working global shortcut); nothing in the browser host. */
  'desktop:status': channel(z.tuple([]), desktopStatusSchema),
  /**
   * The system's folder picker (desktop app only), titled with the argument. `supported: false`
   * in the browser host, whose page cannot name folders on the host machine; `path` absent when
   * the user cancelled.
   */
  'desktop:chooseFolder': channel(
    z.tuple([z.string().max(200)]),
    z.strictObject({ supported: z.boolean(), path: z.string().max(4_096).optional() }),
  ),
  /**
   * Screenshots (desktop app): the screens and windows to choose from, or the platform's refusal
   * in words; `supported: false` in the browser host, whose page asks the browser instead.
   */
  'screen:sources': channel(z.tuple([]), screenSourcesSchema),
  /** Captures one source and holds it in main; the page gets a preview to drag a region over. */
  'screen:capture': channel(z.tuple([screenSourceIdSchema]), screenCaptureSchema),
  /** Keeps the held capture, or the region of it (in its own pixels), as an attached image. */
  'screen:keep': channel(
    z.tuple([captureIdSchema, screenRegionSchema.optional()]),
    screenshotSchema,
  ),
  /** Lets a held capture go unkept (the picker was closed). */
  'screen:discard': channel(z.tuple([captureIdSchema]), z.boolean()),
  'links:open': channel(z.tuple([z.string().max(MAX_URL_LENGTH)]), linkOutcomeSchema),
  'notices:list': channel(z.tuple([]), z.array(noticeSchema)),
  'notices:dismiss': channel(z.tuple([z.int().nonnegative()]), z.boolean()),
  'servers:list': channel(z.tuple([]), z.array(serverEntrySchema)),
  /** Adds a server, or updates the one named `previousName` (which may rename it). */
  'servers:save': channel(
    z.tuple([serverConfigSchema, serverNameSchema.optional()]),
    serverEntrySchema,
  ),
  'servers:delete': channel(z.tuple([serverNameSchema]), z.boolean()),
  /** Starts a config from the form as a throwaway trial and reports its status, tools and log. */
  'servers:test': channel(
    z.tuple([serverConfigSchema, serverNameSchema.optional()]),
    trialReportSchema,
  ),
  'servers:start': channel(z.tuple([serverNameSchema]), serverStatusSchema),
  'servers:stop': channel(z.tuple([serverNameSchema]), serverStatusSchema),
  'servers:restart': channel(z.tuple([serverNameSchema]), serverStatusSchema),
  /** OAuth: opens the server's sign-in page and resolves once signed in (or not) and connected. */
  'servers:signIn': channel(z.tuple([serverNameSchema]), serverStatusSchema),
  /** OAuth: deletes the server's tokens and stops it. */
  'servers:signOut': channel(z.tuple([serverNameSchema]), serverStatusSchema),
  'servers:setEnabled': channel(z.tuple([serverNameSchema, z.boolean()]), serverStatusSchema),
  /** Exactly what a stdio server will run, for the user to approve. */
  'servers:reviewLaunch': channel(z.tuple([serverNameSchema]), launchReviewSchema),
  /** The repositories in its writable folders whose hooks and config stay read-only. */
  'servers:launchRepositories': channel(z.tuple([serverNameSchema]), launchRepositoriesSchema),
  /** Approves the reviewed launch; the folders are those of its review's `argumentFolders` chosen. */
  'servers:approveLaunch': channel(
    z.tuple([serverNameSchema, z.string().max(128), argumentFolderChoiceSchema.optional()]),
    serverStatusSchema,
  ),
  /** Where the OS sandbox cannot run: start the server without it, once (false) or always. */
  'servers:runUnsandboxed': channel(z.tuple([serverNameSchema, z.boolean()]), serverStatusSchema),
  /** The server's "Don't ask for calls this sandbox makes harmless": on, and whether it may be. */
  'servers:harmlessCalls': channel(z.tuple([serverNameSchema]), harmlessCallsSchema),
  /** Turns it on for the sandbox policy the server runs under now (refused in words when not allowed), or off. */
  'servers:setHarmlessCalls': channel(
    z.tuple([serverNameSchema, z.boolean()]),
    harmlessCallsSchema,
  ),
  /** Allows the folder or host of one blocked access ("blocked: read of ~/x") in its sandbox. */
  'servers:allowBlocked': channel(
    z.tuple([serverNameSchema, z.string().max(4_200)]),
    serverEntrySchema,
  ),
  'servers:logs': channel(z.tuple([serverNameSchema]), z.array(logEntrySchema)),
  'servers:import': channel(z.tuple([importSourceSchema, importOptionsSchema]), importReportSchema),
  /** Config files of other apps (Claude Desktop, VS Code, Cursor) found on this computer. */
  'servers:detectImports': channel(z.tuple([]), z.array(detectedConfigSchema)),
  /** Node.js (npx), uv (uvx), Python and Docker: found where, which version, where to get them. */
  'runtimes:check': channel(z.tuple([]), z.array(runtimeReportSchema)),
  /** What the OS sandbox needs here (bubblewrap, socat, ripgrep, user namespaces) and how to get it. */
  'runtimes:sandbox': channel(z.tuple([]), sandboxNeedsSchema),
  /** Claude-Desktop-style JSON of the named servers (all when none); secrets as ${VAR} placeholders. */
  'servers:export': channel(z.tuple([z.array(serverNameSchema).max(256).optional()]), z.string()),
  /** The same as a VS Code mcp.json: `servers` with their types, sandbox settings in VS Code's shape. */
  'servers:exportVsCode': channel(
    z.tuple([z.array(serverNameSchema).max(256).optional()]),
    z.string(),
  ),
  'tools:list': channel(z.tuple([]), z.array(catalogToolSchema)),
  /** What changed in a tool since the user chose to always allow it, in sentences. */
  'tools:reviewChange': channel(
    z.tuple([serverNameSchema, z.string().min(1).max(1_000)]),
    z.array(z.string().max(2_000)),
  ),
  /** Resources, resource templates and prompts of every ready server, for browsing. */
  'servers:offerings': channel(z.tuple([]), offeringsSchema),
  /** Runs a server's prompt with the given arguments; its messages, for a preview. */
  'prompts:get': channel(
    z.tuple([
      serverNameSchema,
      z.string().min(1).max(1_000),
      z.record(z.string().max(1_000), z.string().max(100_000)).optional(),
    ]),
    promptResultSchema,
  ),
  /** Suggestions for a prompt argument or template variable (`completion/complete`). */
  'prompts:complete': channel(z.tuple([completionRequestSchema]), completionResultSchema),
  /** A resource's contents, bounded (long text cut, large binaries by size only). */
  'resources:read': channel(z.tuple([attachmentRefSchema]), resourceReadSchema),
  /** MCP Apps: the app a tool call declares, ready for the sandbox frame; refused with a reason. */
  'apps:open': channel(z.tuple([appOpenRequestSchema]), appViewSchema),
  /** A tool call an app makes: its own server's tools only, through the user's approval. */
  'apps:callTool': channel(z.tuple([appIdSchema, appToolCallSchema]), appToolResultSchema),
  /** A resource of the app's own server. */
  'apps:readResource': channel(
    z.tuple([appIdSchema, z.string().min(1).max(4_096)]),
    appResourceResultSchema,
  ),
  'apps:close': channel(z.tuple([appIdSchema]), z.boolean()),
  /** Watch a resource for changes (`resources:updated` events); counted per caller. */
  'resources:subscribe': channel(z.tuple([attachmentRefSchema]), z.boolean()),
  'resources:unsubscribe': channel(z.tuple([attachmentRefSchema]), z.boolean()),
  /**
   * The user's files, uploaded in chunks before `chat:send` names them: `begin` refuses a file
   * over the limit before any byte is sent, chunks arrive in order, `finish` checks the whole
   * file (its kind from its bytes) and keeps it once, by content, in the data folder.
   */
  'files:begin': channel(
    z.tuple([uploadBeginSchema]),
    z.strictObject({ uploadId: uploadIdSchema }),
  ),
  'files:chunk': channel(
    z.tuple([uploadChunkSchema]),
    z.strictObject({ receivedBytes: z.int().nonnegative() }),
  ),
  'files:finish': channel(z.tuple([uploadIdSchema]), fileFactsSchema),
  'files:cancel': channel(z.tuple([uploadIdSchema]), z.boolean()),
  /** Starts a turn; its reply streams back as chat events. */
  'chat:send': channel(
    z.tuple([chatSendSchema]),
    z.strictObject({ conversationId: z.string(), turnId: z.string() }),
  ),
  /**
   * Writes the reply to the last user message again (retry), or sends a new text in that
   * message's place (edit and resend); the old versions are kept (see `chat:edit`).
   */
  'chat:resend': channel(
    z.tuple([
      z.string().min(1).max(128),
      // Null as well as absent: JSON carries a skipped argument before the turn id as null.
      z.string().min(1).max(200_000).nullish(),
      /** The new turn's id, chosen by the client as with `chat:send`. */
      z.string().min(1).max(128).optional(),
    ]),
    z.strictObject({ conversationId: z.string(), turnId: z.string() }),
  ),
  /**
   * A new version of a user message on the branch on screen (by id), then a reply to it; the
   * old version and what followed it are kept, one `‹ 2/2 ›` away.
   */
  'chat:edit': channel(
    z.tuple([
      z.string().min(1).max(128),
      z.int().nonnegative(),
      z.string().min(1).max(200_000),
      z.string().min(1).max(128).optional(),
    ]),
    z.strictObject({ conversationId: z.string(), turnId: z.string() }),
  ),
  /**
   * A new version of the reply a message on screen belongs to, by the conversation's model or,
   * for this reply only, by `model`; the old reply is kept as a version.
   */
  'chat:regenerate': channel(
    z.tuple([
      z.string().min(1).max(128),
      z.int().nonnegative(),
      z
        .strictObject({
          model: z.string().min(1).max(256).optional(),
          turnId: z.string().min(1).max(128).optional(),
        })
        .optional(),
    ]),
    z.strictObject({ conversationId: z.string(), turnId: z.string() }),
  ),
  /**
   * Stops the turn in progress: the stream ends and running tools are cancelled. With a turn id,
   * only that turn: a Stop arriving after it ended never stops the next one.
   */
  'chat:stop': channel(
    z.tuple([z.string().min(1).max(128), z.string().min(1).max(128).optional()]),
    z.boolean(),
  ),
  /**
   * What the next request would take of the model's window (num_ctx, the estimate by part,
   * messages left out), computed by the code that builds it, with the message being written.
   */
  'chat:contextUsage': channel(z.tuple([contextDraftSchema]), contextUsageSchema),
  /**
   * Summarises the older turns the next request would leave out; the summary stands for them in
   * later requests. Refused in words when it could not be written.
   */
  'chat:summarise': channel(z.tuple([contextDraftSchema]), contextSummarySchema),
  /** The summary in force in a conversation, if any. */
  'chat:summary': channel(z.tuple([z.string().min(1).max(128)]), contextSummarySchema.nullable()),
  /** New words for the summary in force. */
  'chat:editSummary': channel(
    z.tuple([z.string().min(1).max(128), z.int().positive(), z.string().min(1).max(200_000)]),
    contextSummarySchema,
  ),
  /** Undoes the summary in force: requests are again what they were before it. */
  'chat:undoSummary': channel(
    z.tuple([z.string().min(1).max(128), z.int().positive()]),
    contextSummarySchema.nullable(),
  ),
  /**
   * Cancels one tool call running as a task (by conversation and call id) from its card: its
   * server is told to cancel it, the model reads that the user cancelled it, and the turn goes
   * on. False when that call runs no task now.
   */
  'chat:cancelTask': channel(
    z.tuple([z.string().min(1).max(128), z.string().min(1).max(128)]),
    z.boolean(),
  ),
  'conversations:list': channel(
    z.tuple([
      z
        .strictObject({
          limit: z.int().min(1).max(1_000).optional(),
          offset: z.int().min(0).optional(),
        })
        .optional(),
    ]),
    z.array(conversationSummarySchema),
  ),
  /**
   * The conversation, with long tool results as their beginning (see `fullLength`): all its
   * messages, or its latest `lastMessages` (the rest through `conversations:earlierMessages`).
   */
  'conversations:get': channel(
    z.tuple([
      z.string().min(1).max(128),
      z.strictObject({ lastMessages: z.int().min(1).max(MAX_MESSAGE_PAGE) }).optional(),
    ]),
    conversationSchema.nullable(),
  ),
  /** Up to `limit` messages before message `before`, oldest first, results shortened as above. */
  'conversations:earlierMessages': channel(
    z.tuple([
      z.string().min(1).max(128),
      z.int().nonnegative(),
      z.int().min(1).max(MAX_MESSAGE_PAGE),
    ]),
    messagePageSchema.nullable(),
  ),
  /** A page of a live tool result's long text, cut in its `chat:toolCall` event. */
  'tools:resultText': channel(
    z.tuple([
      z.string().min(1).max(128),
      z.int().nonnegative().max(10_000),
      z.int().nonnegative(),
      z.int().min(1).max(1_000_000),
    ]),
    contentPageSchema.nullable(),
  ),
  /** A page of one message's content: for the rest of a tool result sent shortened. */
  'conversations:messageContent': channel(
    z.tuple([
      z.string().min(1).max(128),
      z.int().nonnegative(),
      z.int().nonnegative(),
      z.int().min(1).max(1_000_000),
    ]),
    contentPageSchema.nullable(),
  ),
  'conversations:rename': channel(
    z.tuple([z.string().min(1).max(128), z.string().max(200)]),
    conversationSummarySchema,
  ),
  'conversations:delete': channel(z.tuple([z.string().min(1).max(128)]), z.boolean()),
  /**
   * Shows another version of a message (by id: one of a message's `versions`, or a search hit's
   * message) with the branch it was last continued on. Nothing is run or sent again.
   */
  'conversations:showVersion': channel(
    z.tuple([z.string().min(1).max(128), z.int().nonnegative()]),
    conversationSummarySchema,
  ),
  'conversations:search': channel(z.tuple([z.string().max(1_000)]), z.array(searchHitSchema)),
  /**
   * Exports one conversation or all: JSON (lossless: every version, tool calls, attachments) or
   * Markdown (the branch on screen, to read). The desktop asks where with a save dialog; the
   * browser host answers with the address to download from.
   */
  'conversations:export': channel(z.tuple([exportRequestSchema]), exportResultSchema),
  /**
   * Imports Hearth's JSON export or ChatGPT's conversations.json, all or nothing, with a
   * summary of what was imported and left out. The browser host answers with where to upload.
   */
  'conversations:import': channel(z.tuple([]), importResultSchema),
  /**
   * Changes some of the conversation's own options (its model, instructions, temperature) from
   * now on; Settings are untouched. Null or empty text clears one. Answers the options as saved.
   */
  'conversations:setOptions': channel(
    z.tuple([z.string().min(1).max(128), conversationOptionsPatchSchema]),
    conversationOptionsSchema,
  ),
  'approval:respond': channel(
    z.tuple([z.string().min(1).max(128), approvalAnswerSchema]),
    z.boolean(),
  ),
  /** Shell commands allowed without asking (exact commands and prefixes), every tool's. */
  'commandRules:list': channel(z.tuple([]), z.array(commandRuleSchema)),
  /** Adds a rule; a prefix must be a program and plain words, never a shell or sudo. */
  'commandRules:add': channel(z.tuple([commandRuleSchema]), z.array(commandRuleSchema)),
  'commandRules:remove': channel(z.tuple([commandRuleSchema]), z.array(commandRuleSchema)),
  /** The password for exactly the command shown, or null to cancel. Never stored or logged. */
  /** The user's answer to a server's request for information (see elicitationRequestSchema). */
  'elicitation:respond': channel(
    z.tuple([z.string().min(1).max(128), elicitationAnswerSchema]),
    z.boolean(),
  ),
  /** The user's decision on a server's request to use the model (see samplingRequestSchema). */
  'sampling:respond': channel(
    z.tuple([z.string().min(1).max(128), samplingAnswerSchema]),
    z.boolean(),
  ),
  'sudo:respond': channel(
    z.tuple([z.string().min(1).max(128), z.string().max(1_024).nullable()]),
    z.boolean(),
  ),
  /** Questions still waiting for an answer, for a window that opens mid-turn. */
  'questions:pending': channel(z.tuple([]), pendingQuestionsSchema),
  'ollama:status': channel(z.tuple([]), ollamaStatusSchema),
  /** Names of the extra headers sent to a proxied Ollama; values are never sent back. */
  'ollama:headers': channel(z.tuple([]), z.array(z.string())),
  /** Replaces those headers; one without a value keeps its stored value. Kept with safeStorage. */
  'ollama:setHeaders': channel(z.tuple([z.array(headerSchema).max(32)]), z.array(z.string())),
  'models:list': channel(z.tuple([]), z.array(modelSummarySchema)),
  'models:capabilities': channel(z.tuple([z.string().min(1).max(256)]), modelCapabilitiesSchema),
  /** Starts a pull; progress arrives as `models:pullProgress` events. */
  'models:pull': channel(z.tuple([z.string().min(1).max(256)]), z.boolean()),
  /** Stops a pull in progress; its last `models:pullProgress` says `cancelled`. False: none ran. */
  'models:cancelPull': channel(z.tuple([z.string().min(1).max(256)]), z.boolean()),
  'tools:configure': channel(
    z.tuple([serverNameSchema, z.string().min(1).max(1_000), toolSettingsPatchSchema]),
    z.array(catalogToolSchema),
  ),
  /** A page of the registry's servers matching a search (the registry named in Settings). */
  'registry:search': channel(z.tuple([registrySearchSchema]), registryPageSchema),
  /** One server's entry (latest version unless named), with the ways Hearth can install it. */
  'registry:server': channel(
    z.tuple([z.string().min(1).max(200), z.string().min(1).max(255).optional()]),
    registryServerSchema,
  ),
  /** Installs a server from its registry entry with the user's values; it still needs approval. */
  'registry:install': channel(z.tuple([registryInstallSchema]), serverEntrySchema),
  /** Downloads an entry's .mcpb and stages it for the bundle install dialog (hash from the entry). */
  'registry:stageBundle': channel(
    z.tuple([registryBundleRequestSchema]),
    registryStagedBundleSchema,
  ),
  /** How many tool runs tool selection has learned from (kept in the data folder only). */
  'tools:learned': channel(z.tuple([]), z.int().nonnegative()),
  /** Forgets what tool selection learned; returns how many tool runs it had learned from. */
  'tools:forgetLearned': channel(z.tuple([]), z.int().nonnegative()),
  /**
   * MCP Bundles (.mcpb). The desktop's file picker stages a file; `supported: false` in the
   * browser host, whose page uploads the file instead; no `stagedId` when the user cancelled.
   */
  'bundles:choose': channel(
    z.tuple([]),
    z.strictObject({ supported: z.boolean(), stagedId: stagedBundleIdSchema.optional() }),
  ),
  /** A piece of a bundle from the page (browser host, or a file dropped on the window), in order. */
  'bundles:upload': channel(
    z.tuple([bundleChunkSchema]),
    z.strictObject({ stagedId: stagedBundleIdSchema, receivedBytes: z.int().nonnegative() }),
  ),
  /** Checks a staged bundle (manifest, signature, hash, platform) and describes it. */
  'bundles:inspect': channel(
    z.tuple([stagedBundleIdSchema, bundleInstallOptionsSchema.optional()]),
    bundlePreviewSchema,
  ),
  /** Installs (or updates) a staged bundle as a server; its launch still needs approval. */
  'bundles:install': channel(
    z.tuple([stagedBundleIdSchema, userConfigValuesSchema, bundleInstallOptionsSchema.optional()]),
    serverEntrySchema,
  ),
  'bundles:discard': channel(z.tuple([stagedBundleIdSchema]), z.boolean()),
  /** Removes a bundle's server, files and stored settings. */
  'bundles:uninstall': channel(z.tuple([serverNameSchema]), z.boolean()),
  'bundles:list': channel(z.tuple([]), z.array(installedBundleSchema)),
  /** Bundles opened from outside the window (`hearth --install`, the OS) not shown yet. */
  'bundles:takeOpened': channel(z.tuple([]), z.array(stagedBundleIdSchema)),
} as const;

/** Main-to-renderer events and their payloads. */
export const eventChannels = {
  'settings:changed': settingsSchema,
  /** The desktop gained or lost its tray, or the shortcut's registration changed. */
  'desktop:statusChanged': desktopStatusSchema,
  'notices:added': noticeSchema,
  'servers:status': serverStatusSchema,
  'servers:log': z.strictObject({ server: serverNameSchema, entries: z.array(logEntrySchema) }),
  /** The tool catalog changed: a server came, went or changed its tools, or a setting changed. */
  'tools:changed': z.strictObject({ count: z.int().nonnegative() }),
  'tools:progress': progressEventSchema,
  /** A resource someone subscribed to changed on its server. */
  'resources:updated': resourceUpdatedSchema,
  /** Ollama came up, went away, or answers as another version or address. */
  'ollama:statusChanged': ollamaStatusSchema,
  'chat:delta': chatDeltaSchema,
  'chat:status': chatStatusSchema,
  'chat:toolCall': toolCallEventSchema,
  /** A message was saved; the payload is the whole stored message. */
  'chat:message': z.strictObject({
    conversationId: z.string(),
    /** The turn that saved it. */
    turnId: z.string().optional(),
    message: storedMessageSchema,
  }),
  /** A summary of older turns was made, changed or undone; the payload names the one in force. */
  'chat:summaryChanged': summaryChangedSchema,
  'approval:request': approvalRequestSchema,
  'approval:resolved': z.strictObject({ requestId: z.string() }),
  'sudo:request': sudoRequestSchema,
  'elicitation:request': elicitationRequestSchema,
  'elicitation:resolved': z.strictObject({ requestId: z.string() }),
  'sampling:request': samplingRequestSchema,
  'sampling:resolved': z.strictObject({ requestId: z.string() }),
  'sudo:resolved': z.strictObject({ requestId: z.string() }),
  'models:pullProgress': pullProgressSchema,
  /** A bundle was opened from outside the window; the window shows its install dialog. */
  'bundles:opened': z.strictObject({ stagedId: stagedBundleIdSchema }),
  /** The desktop app's menu or tray asks the window to show a view (a new chat, Settings…). */
  /** From the desktop menus: a view to show, or a place to go to (search, the message field, the shortcuts). */
  'app:navigate': z.strictObject({
    view: z.enum(['new-chat', 'servers', 'settings', 'about', 'search', 'composer', 'shortcuts']),
  }),
} as const;

export type InvokeChannel = keyof typeof invokeChannels;
export type EventChannel = keyof typeof eventChannels;
/** Arguments as the renderer may pass them (defaults not yet applied). */
export type InvokeArgs<C extends InvokeChannel> = z.input<(typeof invokeChannels)[C]['args']>;
/** Arguments as main's handlers receive them, after parsing. */
export type ParsedInvokeArgs<C extends InvokeChannel> = z.output<
  (typeof invokeChannels)[C]['args']
>;
export type InvokeResult<C extends InvokeChannel> = z.output<(typeof invokeChannels)[C]['result']>;
export type EventPayload<E extends EventChannel> = z.output<(typeof eventChannels)[E]>;

export function isInvokeChannel(name: unknown): name is InvokeChannel {
  return typeof name === 'string' && Object.hasOwn(invokeChannels, name);
}

export function isEventChannel(name: unknown): name is EventChannel {
  return typeof name === 'string' && Object.hasOwn(eventChannels, name);
}
