/** Types for builderArguments.mjs, for the tests that call it. */
export class UsageError extends Error {}
export interface BuilderOptions {
  targets: Map<{ nodeName: string }, Map<number, string[]>>;
  config?: unknown;
}
export function builderModule(projectRoot: string): unknown;
export function parseBuilderArguments(projectRoot: string, argv: string[]): BuilderOptions;
export function targetsOf(
  projectRoot: string,
  options: BuilderOptions,
  hostArch?: string,
): { platform: string; arch: string }[];
