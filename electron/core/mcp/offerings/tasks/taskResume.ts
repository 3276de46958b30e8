/**
 * Picking up, when a server is ready, the tasks it was running for an earlier run of Hearth: each
 * is followed to its end (or found gone), then handed on and forgotten. Tasks started by this
 * run are followed by their own calls, not here.
 */
import type { Client } from '@modelcontextprotocol/client';
import type { ServerCallOutcome } from '../callTool';
import type { PendingTask, PendingTasks } from './pendingTasks';
import { followToolTask } from './toolTask';

export type TaskFinished = (task: PendingTask, outcome: ServerCallOutcome) => void;

export function createTaskResumer(options: {
  pending: PendingTasks;
  onFinished: TaskFinished;
  /** When this run of Hearth started: tasks started before it are the ones to pick up. */
  startedAt?: number;
}) {
  const startedAt = options.startedAt ?? Date.now();
  const following = new Set<string>();
  return {
    /** Follows `server`'s earlier tasks with its ready client; safe to call on every ready. */
    resume(server: string, client: Client, log: (text: string) => void): void {
      for (const task of options.pending.forServer(server)) {
        const key = `${server.toLowerCase()}\u0000${task.taskId}`;
        if (task.startedAt >= startedAt || following.has(key)) continue;
        following.add(key);
        log(`Picking up the task of “${task.tool}” still running from before Hearth restarted.`);
        void followToolTask(client, task, {}).then((outcome) => {
          following.delete(key);
          options.pending.remove(server, task.taskId);
          const result: ServerCallOutcome = outcome.ok
            ? outcome
            : { ok: false, message: `“${task.tool}” (a task) did not finish: ${outcome.message}` };
          log(
            outcome.ok
              ? `The task of “${task.tool}” picked up after the restart finished.`
              : `The task of “${task.tool}” picked up after the restart ended: ${outcome.message}`,
          );
          options.onFinished(task, result);
        });
      }
    },
  };
}
