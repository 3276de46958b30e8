/**
 * The task calls the chat is following now, each stoppable on its own from its card: cancelling
 * one aborts only that call (Hearth sends `tasks/cancel` for it, see toolTask.ts), and the turn
 * goes on with the model told the user cancelled it. Stopping the turn still stops them all.
 */
export interface TaskCancels {
  /** Follows a call's controller until the returned function is called. */
  track(conversationId: string, callId: string, controller: AbortController): () => void;
  /** Cancels that call's task; false when no such task is running. */
  cancel(conversationId: string, callId: string): boolean;
}

/** The reason a call aborted by its card carries, so its result says the user cancelled it. */
export const CANCELLED_FROM_CARD = 'cancelled-from-card';

export function createTaskCancels(): TaskCancels {
  const running = new Map<string, AbortController>();
  const key = (conversationId: string, callId: string) => `${conversationId}\u0000${callId}`;
  return {
    track(conversationId, callId, controller) {
      const id = key(conversationId, callId);
      running.set(id, controller);
      return () => {
        if (running.get(id) === controller) running.delete(id);
      };
    },
    cancel(conversationId, callId) {
      const controller = running.get(key(conversationId, callId));
      if (!controller || controller.signal.aborted) return false;
      controller.abort(CANCELLED_FROM_CARD);
      return true;
    },
  };
}

/** The one list of this Hearth's running task calls (call ids are unique per conversation). */
export const runningTaskCalls: TaskCancels = createTaskCancels();
