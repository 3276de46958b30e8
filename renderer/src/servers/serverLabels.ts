/** How a server's kind and state read in the list and the detail pane. */
import type { ServerConfig, ServerStatus } from '../../../preload/schemas/servers';

/** Hearth's own tool server: shown by what it is, never edited or deleted. */
export function isBuiltin(config: ServerConfig): boolean {
  return config.transport.type === 'builtin';
}

export function displayName(config: ServerConfig): string {
  return isBuiltin(config) ? 'Built-in tools' : config.name;
}

export function transportLabel(config: ServerConfig): string {
  switch (config.transport.type) {
    case 'stdio':
      return 'Local command';
    case 'http':
      return 'Remote (HTTP)';
    case 'builtin':
      return 'Part of Hearth';
  }
}

export function toolCountLabel(count: number): string {
  return count === 1 ? '1 tool' : `${count} tools`;
}

/** True when a stdio server waits for the user to approve what it runs. */
export function needsApproval(status: ServerStatus): boolean {
  return status.consent !== 'approved';
}
