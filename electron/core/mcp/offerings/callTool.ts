/**
 * Calling one tool on one server. The SDK does the protocol (timeout that progress resets,
 * `notifications/cancelled` on abort); this turns every outcome into a value: a result with all
 * its content kept, or a clear message. Nothing here throws.
 */
import type { Client } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { describeCallError } from '../lifecycle/serverErrors';
import { requiresTasksExtension, tasksExtensionMessage } from './tasks/tasksExtension';
import type { TaskStatus } from './tasks/toolTask';

/**
 * Even a tool that keeps reporting progress is stopped after this long: endless progress
 * notifications must not hold a chat turn open forever.
 */
export const MAX_TOTAL_CALL_MS = 30 * 60_000;

export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
  /** Set when the server runs the call as a task: where it stands, and since when. */
  task?: { status: TaskStatus; startedAt: number };
}

export interface ToolCallOptions {
  signal?: AbortSignal;
  onProgress?: (progress: ToolProgress) => void;
  /** Time allowed without progress; the server's setting when left out. */
  timeoutMs?: number;
  /** The hard cap on the whole call, progress or not; MAX_TOTAL_CALL_MS when left out. */
  maxTotalMs?: number;
  /** Sent as the request's `_meta` (the built-in shell tool reads its sudo ticket there). */
  meta?: Record<string, unknown>;
  /** The chat's call and conversation, kept with a task so its result finds its way back. */
  callId?: string;
  conversationId?: string;
}

export type ServerCallOutcome =
  | { ok: true; result: CallToolResult }
  | { ok: false; message: string; cancelled?: boolean; timedOut?: boolean };

export async function callTool(
  client: Client,
  tool: string,
  args: Record<string, unknown>,
  options: ToolCallOptions & { timeoutMs: number },
): Promise<ServerCallOutcome> {
  const { signal, onProgress, timeoutMs, meta, maxTotalMs = MAX_TOTAL_CALL_MS } = options;
  try {
    const result = await client.callTool(
      { name: tool, arguments: args, ...(meta ? { _meta: meta } : {}) },
      {
        signal,
        timeout: timeoutMs,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: Math.max(timeoutMs, maxTotalMs),
        onprogress: onProgress
          ? ({ progress, total, message }) =>
              onProgress({
                progress,
                ...(total === undefined ? {} : { total }),
                ...(message ? { message } : {}),
              })
          : undefined,
      },
    );
    const legacy = result as unknown as { toolResult?: unknown };
    if ('toolResult' in legacy) {
      // Servers on the 2024-10-07 protocol answer with `toolResult` instead of content.
      return {
        ok: true,
        result: {
          content: [{ type: 'text', text: JSON.stringify(legacy.toolResult) }],
        },
      };
    }
    return { ok: true, result: result as CallToolResult };
  } catch (error) {
    if (requiresTasksExtension(error)) return { ok: false, message: tasksExtensionMessage(tool) };
    return { ok: false, ...describeCallError(error, tool, timeoutMs, signal) };
  }
}
