/**
 * A server's named values: the environment variables of a command, the headers of a remote
 * server. Secrets live among them, so storing, filling and comparing secrets all read and write
 * them through these two functions instead of each switching on the transport.
 */
import type { EnvVariable, Header, ServerConfig } from '../../../../preload/schemas/servers';

/** An environment variable or a header as saved (the two have the same shape). */
export type NamedValue = EnvVariable | Header;

export interface NamedValues {
  kind: 'env' | 'header';
  entries: NamedValue[];
}

/** Hearth's built-in server has none. */
export function namedValuesOf(config: ServerConfig): NamedValues | undefined {
  if (config.transport.type === 'builtin') return undefined;
  return config.transport.type === 'stdio'
    ? { kind: 'env', entries: config.transport.env }
    : { kind: 'header', entries: config.transport.headers };
}

/** The config with its named values replaced by `entries`. */
export function withNamedValues(config: ServerConfig, entries: NamedValue[]): ServerConfig {
  if (config.transport.type === 'builtin') return config;
  return config.transport.type === 'stdio'
    ? { ...config, transport: { ...config.transport, env: entries } }
    : { ...config, transport: { ...config.transport, headers: entries } };
}
