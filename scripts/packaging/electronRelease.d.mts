/** Types for electronRelease.mjs, for the tests that call it. */
export function unpackedReleaseOf(executable: string): string;
export function electronReleaseFor(
  projectRoot: string,
  target: { platform: string; arch: string },
  options?: { env?: NodeJS.ProcessEnv; log?: { write(text: string): unknown } },
): Promise<string>;
