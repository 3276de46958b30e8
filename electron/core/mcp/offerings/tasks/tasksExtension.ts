/**
 * Tasks on the 2026-07-28 wire are an extension (SEP-2663, `io.modelcontextprotocol/tasks`).
 * Hearth does not declare it yet: the v2 client's 2026 result decoder refuses a task result
 * (`resultType: "task"`), so a server told Hearth takes tasks could answer any call with one that
 * is lost (docs/upstream/sdk-tasks-2026.md). A tool that runs only as a task is refused by its
 * server with -32021 naming the extension; that refusal is said in plain words.
 */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** SEP-2663: Missing Required Client Capability. */
const MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;

/** True when the server refused a call because the client did not declare the Tasks extension. */
export function requiresTasksExtension(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, data } = error as {
    code?: unknown;
    data?: { requiredCapabilities?: { extensions?: Record<string, unknown> } };
  };
  return (
    code === MISSING_REQUIRED_CLIENT_CAPABILITY &&
    data?.requiredCapabilities?.extensions?.[TASKS_EXTENSION] !== undefined
  );
}

export function tasksExtensionMessage(tool: string): string {
  return `“${tool}” runs only as a task of the 2026 Tasks extension, which this Hearth cannot take yet.`;
}
