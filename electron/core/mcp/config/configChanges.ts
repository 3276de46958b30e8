/** How an edited config relates to the stored one: which secrets it keeps, whether it restarts. */
import type { ServerConfig } from '../../../../preload/schemas/servers';
import { canonicalJson } from '../offerings/modelTools';
import { namedValuesOf, withNamedValues } from './namedValues';

/** Secrets the form left blank (the user did not retype them) come from the stored server. */
export function withStoredSecrets(
  config: ServerConfig,
  stored: ServerConfig | undefined,
): ServerConfig {
  const values = namedValuesOf(config);
  const storedValues = stored && namedValuesOf(stored);
  if (!values || !storedValues) return config;
  return withNamedValues(
    config,
    values.entries.map((entry) =>
      entry.secret && entry.value === undefined
        ? {
            ...entry,
            value: storedValues.entries.find((candidate) => candidate.name === entry.name)?.value,
          }
        : entry,
    ),
  );
}

/**
 * True when two configs start the same server (everything but its folders, tool settings, log
 * level and time limit for calls is equal). Secret values are not compared here: a changed secret arrives with a value and restarts.
 */
export function sameLaunch(before: ServerConfig, after: ServerConfig): boolean {
  const launch = (config: ServerConfig) =>
    canonicalJson({
      ...config,
      // A sandboxed server may write in its roots: they are part of its sandbox, set at start.
      roots:
        config.transport.type === 'stdio' && config.transport.sandbox?.enabled ? config.roots : [],
      tools: {},
      logLevel: undefined,
      // Each call reads its time limit afresh (lifecycle/serverCall.ts).
      requestTimeoutMs: undefined,
    });
  const secretTyped = (config: ServerConfig) =>
    namedValuesOf(config)?.entries.some((entry) => entry.secret && entry.value !== undefined) ??
    false;
  return launch(before) === launch(after) && !secretTyped(after);
}
