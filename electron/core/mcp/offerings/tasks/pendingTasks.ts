/**
 * Tasks still running on servers, kept in `tasks.json` in the data folder, so that a Hearth that
 * was closed (or crashed) while one ran picks it up again when its server is back, and the
 * conversation gets the result it was waiting for.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomically } from '../../../store/atomicFile';

export interface PendingTask {
  server: string;
  taskId: string;
  tool: string;
  /** The chat's id for the call, when a conversation is waiting for the result. */
  callId?: string;
  conversationId?: string;
  startedAt: number;
}

export interface PendingTasks {
  add(task: PendingTask): void;
  remove(server: string, taskId: string): void;
  forServer(server: string): PendingTask[];
  /** True while the call's task is still expected to finish (its result is not "not run"). */
  isPending(callId: string): boolean;
}

/** Tasks remembered at most; the oldest go first (a server that never finishes them). */
const MAX_TASKS = 200;

export function pendingTasksFile(
  dataDir: string,
  onProblem: (message: string) => void,
): PendingTasks {
  const path = join(dataDir, 'tasks.json');
  let tasks: PendingTask[] = [];
  try {
    const stored = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    if (Array.isArray(stored)) tasks = stored.filter(isPendingTask).slice(-MAX_TASKS);
  } catch {
    // No file yet, or a damaged one: nothing to pick up.
  }
  const save = () => {
    try {
      mkdirSync(dataDir, { recursive: true });
      writeFileAtomically(path, JSON.stringify(tasks));
    } catch (error) {
      onProblem(`Hearth could not remember the tasks still running: ${(error as Error).message}`);
    }
  };
  const same = (server: string, taskId: string) => (task: PendingTask) =>
    task.server.toLowerCase() === server.toLowerCase() && task.taskId === taskId;
  return {
    add(task) {
      tasks = [...tasks.filter((other) => !same(task.server, task.taskId)(other)), task].slice(
        -MAX_TASKS,
      );
      save();
    },
    remove(server, taskId) {
      const before = tasks.length;
      tasks = tasks.filter((task) => !same(server, taskId)(task));
      if (tasks.length !== before) save();
    },
    forServer: (server) =>
      tasks.filter((task) => task.server.toLowerCase() === server.toLowerCase()),
    isPending: (callId) => tasks.some((task) => task.callId === callId),
  };
}

function isPendingTask(value: unknown): value is PendingTask {
  const task = value as Partial<PendingTask> | null;
  return (
    typeof task?.server === 'string' &&
    typeof task.taskId === 'string' &&
    typeof task.tool === 'string' &&
    typeof task.startedAt === 'number' &&
    (task.callId === undefined || typeof task.callId === 'string') &&
    (task.conversationId === undefined || typeof task.conversationId === 'string')
  );
}
