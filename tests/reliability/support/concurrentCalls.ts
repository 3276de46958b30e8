/**
 * Many `delayed_echo` calls at once across fixture servers, each with its own text and a random
 * latency: every call must come back, with its own text. Shared by the fast test and the soak.
 */
import type { McpManager } from '../../../electron/core/mcp/manager';

export interface ConcurrencyReport {
  answered: number;
  /** Calls that failed or never came back. */
  lost: string[];
  /** Calls answered with another call's text. */
  mismatched: string[];
}

export async function concurrentCalls(
  manager: McpManager,
  servers: readonly string[],
  count: number,
  maxLatencyMs = 300,
): Promise<ConcurrencyReport> {
  const report: ConcurrencyReport = { answered: 0, lost: [], mismatched: [] };
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const server = servers[index % servers.length] ?? '';
      const text = `${server}#${index}#${Math.random().toString(36).slice(2)}`;
      const ms = Math.floor(Math.random() * maxLatencyMs);
      const outcome = await manager.callTool(server, 'delayed_echo', { text, ms });
      if (!outcome.ok) {
        report.lost.push(`${text}: ${outcome.message}`);
        return;
      }
      report.answered++;
      const block = outcome.result.content[0];
      const got = block?.type === 'text' ? block.text : JSON.stringify(block);
      if (got !== text) report.mismatched.push(`${text} got ${got}`);
    }),
  );
  return report;
}
