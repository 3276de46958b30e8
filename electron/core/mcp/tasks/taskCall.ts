/**
 * One tool call run as a task, as the chat sees it: the same outcome as a plain call, with the
 * task's status reported as progress (and when it started, for the elapsed time on the card).
 * The task is remembered while it runs, so a Hearth restarted meanwhile picks it up again.
 */
import type { Client } from '@modelcontextprotocol/client';
import type { ToolCallOptions, ToolCallOutcome } from '../callTool';
import { describeCallError } from '../errors';
import type { PendingTasks } from './pendingTasks';
import { followToolTask, startToolTask } from './toolTask';

export async function runAsTask(
  client: Client,
  tool: string,
  args: Record<string, unknown>,
  options: ToolCallOptions & { server: string; pending?: PendingTasks },
): Promise<ToolCallOutcome> {
  const startedAt = Date.now();
  let task;
  try {
    task = await startToolTask(client, tool, args, { signal: options.signal, meta: options.meta });
  } catch (error) {
    return { ok: false, ...describeCallError(error, tool, 30_000, options.signal) };
  }
  options.pending?.add({
    server: options.server,
    taskId: task.taskId,
    tool,
    startedAt,
    ...(options.callId ? { callId: options.callId } : {}),
    ...(options.conversationId ? { conversationId: options.conversationId } : {}),
  });
  const outcome = await followToolTask(client, task, {
    signal: options.signal,
    onStatus: ({ status, message }) =>
      options.onProgress?.({
        progress: 0,
        ...(message ? { message } : {}),
        task: { status, startedAt },
      }),
  });
  // Finished, or stopped by the user: nothing is left to pick up. Closing Hearth keeps it.
  if (outcome.ok || !outcome.keptRunning) options.pending?.remove(options.server, task.taskId);
  if (outcome.ok) return outcome;
  return {
    ok: false,
    message: outcome.cancelled
      ? `The call to “${tool}” was cancelled.`
      : `“${tool}” (a task) failed: ${outcome.message}`,
    ...(outcome.cancelled ? { cancelled: true } : {}),
  };
}
