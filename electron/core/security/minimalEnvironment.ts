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

/**
 * How this computer reaches the network, which a server needs as a terminal has it: the extra
 * certificate authorities a company network installs (without them npm's and uv's downloads hang
 * or fail on its TLS) and the proxies. Servers get these; a command run with sudo does not.
 */
const NETWORK_VARIABLES = [
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'REQUESTS_CA_BUNDLE',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
];

export function networkEnvironment(environment: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    NETWORK_VARIABLES.flatMap((name) => {
      const value = environment[name];
      return value === undefined || value.startsWith('()') ? [] : [[name, value]];
    }),
  );
}
