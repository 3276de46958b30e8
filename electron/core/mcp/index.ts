/**
 * The MCP room's one front door: everything outside `electron/core/mcp/` imports it through this
 * file (eslint.config.js enforces it). Inside, files are grouped by job:
 * - `manager.ts`: every configured server, their catalog and calls, for the rest of Hearth;
 * - `lifecycle/`: one server's life (connection state machine, protocol era, crashes, pings);
 * - `transport/`: how bytes reach a server (child process and its tree, streams, HTTP);
 * - `config/`: what the user configured (store, changes, consent, launch review, import/export);
 * - `offerings/`: what servers offer (tools and their catalog for the model, calls, prompts,
 *   resources, tasks, MCP Apps' UI resources);
 * - `fromServer/`: what servers ask of or tell the host (sampling, elicitation, notifications, logs);
 * - `oauth/`: signing in to remote servers.
 */
export { consentKeyFolder, type ConsentStore } from './config/consent';
export { createImportService, type ImportService } from './config/importService';
export { createElicitationHandler } from './fromServer/elicitation';
export { createSamplingHandler } from './fromServer/sampling';
export { BUILTIN_SERVER_ENTRY, createMcpManager, type McpManager } from './manager';
export { jsonLongerThan } from './offerings/boundedJson';
export { type ServerCallOutcome } from './offerings/callTool';
export {
  canonicalJson,
  DEFAULT_IMAGE_BOUNDS,
  resultForModel,
  type ToolImage,
  type ToolOwner,
  toOllamaTool,
} from './offerings/modelTools';
export { completeArgument, getPrompt, lastSegment } from './offerings/prompts';
export {
  createResourceWatch,
  readResource,
  type ResourceHost,
  type ResourceWatch,
} from './offerings/resources';
export { type PendingTask } from './offerings/tasks/pendingTasks';
export { runningTaskCalls } from './offerings/tasks/taskCancels';
export { HEARTH_CLOSING } from './offerings/tasks/toolTask';
export { type ModelTool, pickAnnotations } from './offerings/toolCatalog';
export {
  appFromReadResult,
  isAppUri,
  toolAppResourceUri,
} from './offerings/uiResources/appResource';
export {
  APP_SANDBOX_FLAGS,
  APP_SANDBOX_ORIGIN,
  APP_SANDBOX_SCHEME,
  sandboxPageHeaders,
  sandboxPageHtml,
} from './offerings/uiResources/sandboxPage';
export { toolVisibleTo } from './offerings/uiResources/toolVisibility';
export { type LaunchContext } from './transport/configTransports';
export {
  createLaunchContextHolder,
  type LaunchContextHolder,
} from './transport/launchContextHolder';
export { type LongText, longTextOf } from './transport/longText';
export { killAllNow, terminateTree } from './transport/processTree';
