/**
 * What the app asked of the stand-in, kept for the test to read. Apart from ./recorder.ts (which
 * takes over the process's IPC channel) so a part of the stand-in can be loaded into a test's
 * own worker too.
 */
const calls: { api: string; detail?: unknown }[] = [];

/** Notes a call the app made, for tests that check what it asked for (and in what order). */
export function note(api: string, detail?: unknown): void {
  calls.push({ api, ...(detail === undefined ? {} : { detail }) });
}

export function recordedCalls(): { api: string; detail?: unknown }[] {
  return calls;
}
