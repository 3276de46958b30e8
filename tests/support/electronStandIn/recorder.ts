/**
 * The channel the test drives the stand-in through: Node's IPC channel to the parent (the test), one request and one answer per
 * command. Only plain, JSON-able values cross it.
 */
export interface Command {
  id: number;
  command: string;
  [key: string]: unknown;
}

type Handler = (command: Command) => unknown;

const handlers = new Map<string, Handler>();

// What the app asked is kept in ./calls.ts; the rest of the stand-in imports it from here.
export { note, recordedCalls } from './calls';

/** Adds a command the test can send; the handler's (awaited) value is the answer. */
export function onCommand(name: string, handler: Handler): void {
  handlers.set(name, handler);
}

function answer(message: unknown): void {
  const send = process.send?.bind(process);
  if (send && process.connected) send(message as never);
}

if (process.send) {
  process.on('message', (message: Command) => {
    const handler = handlers.get(message.command);
    if (!handler) {
      answer({ id: message.id, ok: false, error: `No stand-in command "${message.command}".` });
      return;
    }
    Promise.resolve()
      .then(() => handler(message))
      .then(
        (value) => answer({ id: message.id, ok: true, value: value ?? null }),
        (error: unknown) =>
          answer({ id: message.id, ok: false, error: (error as Error)?.message ?? String(error) }),
      );
  });
  // Like Electron, the app lives until it quits; the test's channel must not keep it alive.
  process.channel?.unref();
}
