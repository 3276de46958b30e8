/**
 * The consent check every scenario ends with: the audit trail shows no execution without an
 * approval of that same call, and the server itself saw exactly the executions the trail shows
 * (the fixture server, started with `--log`, logs each call it receives).
 */
import {
  readAuditTrail,
  unapprovedExecutions,
  type AuditEntry,
} from '../../../electron/core/chat/toolCall/auditTrail';
import type { McpManager } from '../../../electron/core/mcp/manager';

export interface ConsentReport {
  entries: AuditEntry[];
  unapproved: AuditEntry[];
  executed: number;
  /** Calls the server logged receiving, per server. */
  receivedByServers: number;
}

export function consentReport(dataDir: string, mcp: McpManager, servers: string[]): ConsentReport {
  const entries = readAuditTrail(dataDir);
  const receivedByServers = servers
    .flatMap((server) => mcp.logs(server))
    .filter((entry) => /\btool \w+ called\b/.test(entry.text)).length;
  return {
    entries,
    unapproved: unapprovedExecutions(entries),
    executed: entries.filter((entry) => entry.kind === 'executed').length,
    receivedByServers,
  };
}
