/**
 * A tool call the server runs as a task (MCP Tasks): it says so, where it stands, and how long
 * it has run, ticking each second while the card is shown.
 */
import { useEffect, useState } from 'react';
import type { ToolProgressEvent } from '../chatTypes';

type TaskInfo = NonNullable<ToolProgressEvent['task']>;

const STATUS: Record<TaskInfo['status'], string> = {
  working: 'Working',
  input_required: 'Waiting for your answer',
  completed: 'Finished',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function TaskElapsed({ task }: { task: TaskInfo }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="tool-card-task">
      Long-running task · {STATUS[task.status]} ·{' '}
      <span aria-label="elapsed time">{formatElapsed(now - task.startedAt)}</span>
    </span>
  );
}

/** 9 s, 1 min 05 s, 1 h 02 min. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
