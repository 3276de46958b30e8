/**
 * The few variables a process Hearth starts for someone else gets from Hearth's environment: the
 * MCP SDK's list (after sudo's defaults: HOME, LOGNAME, PATH, SHELL, TERM, USER and the like).
 * MCP servers get these plus their own config; a command run with sudo gets only these, so none
 * of Hearth's tokens or keys reach a process running as root.
 */
import { DEFAULT_INHERITED_ENV_VARS } from '@modelcontextprotocol/sdk/client/stdio.js';

export function minimalEnvironment(environment: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    DEFAULT_INHERITED_ENV_VARS.flatMap((name) => {
      const value = environment[name];
      // A value starting with "()" is an exported shell function, a known injection vector.
      return value === undefined || value.startsWith('()') ? [] : [[name, value]];
    }),
  );
}
