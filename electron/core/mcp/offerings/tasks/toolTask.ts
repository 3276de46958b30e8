/**
 * Tool calls a server runs as a task (MCP Tasks, 2025-11-25): the call returns a task at once,
 * Hearth polls `tasks/get` at the pace the server asks for (reporting each status), fetches the
 * result with `tasks/result` when it is done, and sends `tasks/cancel` when the user stops it.
 * The v2 SDK keeps the task vocabulary on the wire but has no task runtime, so the requests are
 * sent with the wire schemas.
 */
import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
  type Task,
} from '@modelcontextprotocol/sdk/types.js';
import type { Tool } from '@modelcontextprotocol/client';

export type TaskStatus = Task['status'];

/**
 * The abort reason when Hearth itself is closing: a task then keeps running on its server (it is
 * picked up at the next start) instead of being cancelled, as a stop by the user does.
 */
export const HEARTH_CLOSING = 'hearth-closing';

/** What the card shows while a task runs. */
export interface TaskProgress {
  taskId: string;
  status: TaskStatus;
  message?: string;
}

export type TaskOutcome =
  | { ok: true; result: CallToolResult }
  | { ok: false; message: string; cancelled?: boolean; keptRunning?: boolean };

/** How long a finished task's result is asked to be kept, so a restarted Hearth can fetch it. */
export const TASK_TTL_MS = 24 * 60 * 60_000;
/** Polling bounds: never faster than this, whatever the server suggests, nor slower than… */
const MIN_POLL_MS = 250;
const MAX_POLL_MS = 5_000;
const DEFAULT_POLL_MS = 1_000;
const REQUEST_TIMEOUT_MS = 30_000;

/** A tool runs as a task when it requires it, or allows it and the server can run calls as tasks. */
export function runsAsTask(tool: Tool | undefined, client: Client): boolean {
  const support = (tool?.execution as { taskSupport?: string } | undefined)?.taskSupport;
  if (support === 'required') return true;
  if (support !== 'optional') return false;
  const tasks = (client.getServerCapabilities() as { tasks?: { requests?: { tools?: object } } })
    ?.tasks;
  return Boolean((tasks?.requests?.tools as { call?: object } | undefined)?.call);
}

type Sender = (
  request: { method: string; params: Record<string, unknown> },
  schema: unknown,
  options?: { signal?: AbortSignal; timeout?: number },
) => Promise<unknown>;

/** The SDK's explicit-schema request path, which accepts methods its typed surface leaves out. */
const sender = (client: Client): Sender =>
  (client as unknown as { request: Sender }).request.bind(client);

/** Starts `tool` as a task; `onCreated` hears its id before the first poll. */
export async function startToolTask(
  client: Client,
  tool: string,
  args: Record<string, unknown>,
  options: { signal?: AbortSignal; meta?: Record<string, unknown> },
): Promise<Task> {
  const created = (await sender(client)(
    {
      method: 'tools/call',
      params: {
        name: tool,
        arguments: args,
        task: { ttl: TASK_TTL_MS },
        ...(options.meta ? { _meta: options.meta } : {}),
      },
    },
    CreateTaskResultSchema,
    { signal: options.signal, timeout: REQUEST_TIMEOUT_MS },
  )) as { task: Task };
  return created.task;
}

/**
 * Follows a task to its end: reports each status, and returns its result, or why there is none.
 * Aborting `signal` cancels the task on the server.
 */
export async function followToolTask(
  client: Client,
  task: Pick<Task, 'taskId'> & Partial<Task>,
  options: {
    signal?: AbortSignal;
    onStatus?(progress: TaskProgress): void;
    /** Waits between polls; replaceable in tests. */
    sleep?(ms: number, signal?: AbortSignal): Promise<void>;
  },
): Promise<TaskOutcome> {
  const send = sender(client);
  const sleep = options.sleep ?? abortableSleep;
  const { taskId } = task;
  let current: Partial<Task> = task;
  try {
    for (;;) {
      if (current.status) {
        options.onStatus?.({
          taskId,
          status: current.status,
          ...(current.statusMessage ? { message: current.statusMessage } : {}),
        });
      }
      if (current.status === 'completed' || current.status === 'failed') break;
      if (current.status === 'cancelled')
        return { ok: false, message: 'The server cancelled the task.', cancelled: true };
      await sleep(pollDelay(current.pollInterval), options.signal);
      current = (await send({ method: 'tasks/get', params: { taskId } }, GetTaskResultSchema, {
        signal: options.signal,
        timeout: REQUEST_TIMEOUT_MS,
      })) as Task;
    }
    // A failed task's result is the tool's error result, when the server keeps one.
    const result = (await send(
      { method: 'tasks/result', params: { taskId } },
      CallToolResultSchema,
      {
        signal: options.signal,
        timeout: REQUEST_TIMEOUT_MS,
      },
    )) as CallToolResult;
    return { ok: true, result };
  } catch (error) {
    if (options.signal?.aborted && options.signal.reason === HEARTH_CLOSING) {
      return {
        ok: false,
        message: 'Hearth closed while the task ran; it is picked up at the next start.',
        keptRunning: true,
      };
    }
    if (options.signal?.aborted) {
      await send({ method: 'tasks/cancel', params: { taskId } }, GetTaskResultSchema, {
        timeout: REQUEST_TIMEOUT_MS,
      }).catch(() => undefined);
      return { ok: false, message: 'The task was cancelled.', cancelled: true };
    }
    if (current.status === 'failed')
      return { ok: false, message: current.statusMessage ?? 'The task failed.' };
    return {
      ok: false,
      message: `The task stopped answering: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

function pollDelay(suggested: number | undefined): number {
  if (typeof suggested !== 'number' || !Number.isFinite(suggested)) return DEFAULT_POLL_MS;
  return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, suggested));
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('aborted'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}
