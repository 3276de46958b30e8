import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pendingTasksFile } from '../../../electron/core/mcp/offerings/tasks/pendingTasks';
import { formatElapsed } from '../../../renderer/src/chat/messages/TaskElapsed';
import { tempDir } from '../../support/testHost';

describe('tasks still running, kept across restarts', () => {
  it('remembers a task until it is removed, per server whatever the case of its name', () => {
    const dir = tempDir('tasks');
    const tasks = pendingTasksFile(dir, () => undefined);
    tasks.add({ server: 'Keeper', taskId: 't1', tool: 'slow', callId: 'c1', startedAt: 1 });
    const again = pendingTasksFile(dir, () => undefined);
    expect(again.forServer('keeper').map((task) => task.taskId)).toEqual(['t1']);
    expect(again.isPending('c1')).toBe(true);
    again.remove('KEEPER', 't1');
    expect(pendingTasksFile(dir, () => undefined).forServer('keeper')).toEqual([]);
  });

  it('reads past a damaged file and entries that are not tasks', () => {
    const dir = tempDir('tasks');
    writeFileSync(
      join(dir, 'tasks.json'),
      '[{"server":"a"},{"server":"a","taskId":"t","tool":"x","startedAt":2}]',
    );
    expect(pendingTasksFile(dir, () => undefined).forServer('a')).toHaveLength(1);
    writeFileSync(join(dir, 'tasks.json'), 'not json');
    expect(pendingTasksFile(dir, () => undefined).forServer('a')).toEqual([]);
  });
});

describe('the elapsed time on a task’s card', () => {
  it('reads as seconds, minutes or hours', () => {
    expect(formatElapsed(9_400)).toBe('9 s');
    expect(formatElapsed(65_000)).toBe('1 min 05 s');
    expect(formatElapsed(3_720_000)).toBe('1 h 02 min');
    expect(formatElapsed(-5)).toBe('0 s');
  });
});
