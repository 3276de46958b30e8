/**
 * `kill -9` during writes: runs the store worker (real settings and conversation stores in a
 * child process), kills it at a random moment, then checks what is on disk the way the app
 * would at its next start. Shared by the fast test and the soak run.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openConversationStore } from '../../../electron/core/history/conversationStore';
import { openSettingsStore } from '../../../electron/core/store/settingsStore';

const WORKER = join(import.meta.dirname, 'storeWorker.ts');

/** Runs the worker with tsx's loader, so it imports the TypeScript sources as they are. */
export function workerArgs(dataDir: string, mode: string): string[] {
  return ['--import', 'tsx', WORKER, dataDir, mode];
}

export interface KillCycle {
  /** The last step the worker said was saved, per kind. */
  settingsAcked: number;
  messagesAcked: number;
}

/** Starts the write loop, lets it run `afterMs` past its first saved step, then SIGKILLs it. */
export async function killDuringWrites(dataDir: string, afterMs: number): Promise<KillCycle> {
  const child = spawn(process.execPath, workerArgs(dataDir, 'write-loop'), {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const cycle: KillCycle = { settingsAcked: 0, messagesAcked: 0 };
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let buffered = '';
  let started: () => void = () => undefined;
  const firstStep = new Promise<void>((resolve) => (started = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const [kind, step] = line.split(' ');
      if (kind === 'settings') cycle.settingsAcked = Number(step);
      if (kind === 'message') cycle.messagesAcked = Number(step);
      started();
    }
  });
  const exited = once(child, 'exit');
  await Promise.race([firstStep, exited]);
  if (child.exitCode !== null) throw new Error(`the store worker exited early: ${stderr}`);
  await new Promise((resolve) => setTimeout(resolve, afterMs));
  child.kill('SIGKILL');
  await exited;
  return cycle;
}

export interface DiskCheck {
  /** Files the app could not use at its next start. */
  unreadable: string[];
  /** The step the settings file holds. */
  settingsStep: number;
  /** How many messages the conversation holds. */
  messages: number;
}

/** Opens what the worker left as the app would, and reads every JSON file in the folder. */
export function checkDisk(dataDir: string): DiskCheck {
  const unreadable: string[] = [];
  for (const name of readdirSync(dataDir).filter((entry) => /\.json(\.bak)?$/.test(entry))) {
    try {
      JSON.parse(readFileSync(join(dataDir, name), 'utf8'));
    } catch {
      unreadable.push(name);
    }
  }
  const problems: string[] = [];
  const settings = openSettingsStore({ dataDir, onProblem: (message) => problems.push(message) });
  const history = openConversationStore({
    dataDir,
    onProblem: (message) => problems.push(message),
  });
  const conversation = history.list()[0];
  const messages = conversation ? (history.get(conversation.id)?.messages.length ?? 0) : 0;
  history.close();
  unreadable.push(...problems);
  const step = /^step (\d+)/.exec(settings.get().chat.systemPrompt)?.[1];
  return { unreadable, settingsStep: Number(step ?? 0), messages };
}
