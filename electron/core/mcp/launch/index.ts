/** Finding and starting a server's command the way the user's terminal would, without a shell. */
export {
  LOGIN_SHELL_TIMEOUT_MS,
  mergePaths,
  readLoginShellPath,
  type LoginShellPathOptions,
  type LoginShellPathResult,
  type ShellRunner,
} from './loginShellPath';
export {
  DEFAULT_PATHEXT,
  MAX_LISTED_FOLDERS,
  resolveCommand,
  type ResolveCommandOptions,
  type ResolveCommandResult,
} from './resolveCommand';
export { MAX_SHELL_OUTPUT_BYTES, runShellCommand, ShellTimeoutError } from './runShellCommand';
export {
  batchFileMessage,
  planSpawn,
  shimTarget,
  type PlanSpawnOptions,
  type ShimTarget,
  type SpawnPlan,
} from './windowsShims';
