/**
 * The OS sandbox for stdio servers and the built-in shell tool, on `@anthropic-ai/sandbox-runtime`
 * (bubblewrap on Linux, sandbox-exec on macOS). Nothing else in Hearth imports that package.
 */
export { allowBlocked, type AllowResult } from './allowBlocked';
export { argumentFolders, type ArgumentFolder } from './argumentFolders';
export {
  checkAvailability,
  checkSandboxNeeds,
  type SandboxAvailability,
  type SandboxNeeds,
  type SandboxTool,
} from './availability';
export {
  blockedInText,
  describeBlocked,
  KEPT_READ_ONLY,
  type BlockedAccess,
} from './blockedAccess';
export {
  confinedToOwnFolder,
  defaultSandboxPolicy,
  hostOfUrl,
  isInside,
  isDockerCommand,
  launcherNeeds,
  resolvePolicy,
  SECRET_PLACES,
  type ResolvedPolicy,
} from './policy';
export { filesItWrote, keptFolderOf } from './keptFiles';
export { openServerFolders, shellFolderOf, type ServerFolders } from './serverFolders';
export {
  createShellSandbox,
  type SandboxedShell,
  type ShellSandbox,
  type ShellSandboxState,
} from './shellSandbox';
export { resetSandboxSession, shellQuote, wrapLaunch, type LaunchSpec } from './sandboxRuntime';
export { startFolder } from './workingFolder';
export {
  createServerSandbox,
  MAX_REMEMBERED_BLOCKS,
  type LaunchedPolicy,
  SandboxUnavailableError,
  type ForgottenServer,
  type FoundRepositories,
  type PreparedLaunch,
  type SandboxReport,
  type ServerSandbox,
} from './serverSandbox';
