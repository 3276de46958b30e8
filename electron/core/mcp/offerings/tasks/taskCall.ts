/**
 * One tool call run as a task, as the chat sees it: the same outcome as a plain call, with the
 * task's status reported as progress (and when it started, for the elapsed time on the card).
 * The task is remembered while it runs, so a Hearth restarted meanwhile picks it up again.
 */
import type { Client } from '@modelcontextprotocol/client';
import type { ToolCallOptions, ServerCallOutcome } from '../callTool';
import { describeCallError } from '../../lifecycle/serverErrors';
import type { PendingTasks } from './pendingTasks';
import { CANCELLED_FROM_CARD, runningTaskCalls, type TaskCancels } from './taskCancels';
import { followToolTask, startToolTask } from './toolTask';

export async function runAsTask(
  client: Client,
  tool: string,
  args: Record<string, unknown>,
  options: ToolCallOptions & { server: string; pending?: PendingTasks; cancels?: TaskCancels },
): Promise<ServerCallOutcome> {
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
  // Its own controller: the turn's Stop (or Hearth closing) reaches it, and so does its card.
  const own = new AbortController();
  const follow = () => own.abort(options.signal?.reason);
  if (options.signal?.aborted) follow();
  else options.signal?.addEventListener('abort', follow, { once: true });
  const untrack =
    options.conversationId && options.callId
      ? (options.cancels ?? runningTaskCalls).track(options.conversationId, options.callId, own)
      : () => undefined;
  const outcome = await followToolTask(client, task, {
    signal: own.signal,
    onStatus: ({ status, message }) =>
      options.onProgress?.({
        progress: 0,
        ...(message ? { message } : {}),
        task: { status, startedAt },
      }),
  });
  untrack();
  options.signal?.removeEventListener('abort', follow);
  // Finished, or stopped by the user: nothing is left to pick up. Closing Hearth keeps it.
  if (outcome.ok || !outcome.keptRunning) options.pending?.remove(options.server, task.taskId);
  if (outcome.ok) return outcome;
  return {
    ok: false,
    message: outcome.cancelled
      ? own.signal.reason === CANCELLED_FROM_CARD
        ? `The user cancelled the task “${tool}”; it has no result. Continue without it.`
        : `The call to “${tool}” was cancelled.`
      : `“${tool}” (a task) failed: ${outcome.message}`,
    ...(outcome.cancelled ? { cancelled: true } : {}),
  };
}
