/**
 * The programs servers and tools start with: finding a command the way the user's terminal would
 * (the login shell's PATH, Windows' shims), without a shell, and the runtimes (Node.js, uv, Python,
 * Docker) those commands come with. Plain Node, below everything that launches: mcp/, sandbox/,
 * bundles/ and runtimes/ all find programs here.
 */
export { installAdvice, RUNTIMES, runtimeOf, type Runtime } from './knownRuntimes';
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
