/**
 * Module resolution hook: `import … from 'electron'` anywhere in the app resolves to the
 * stand-in instead of the npm package (which, outside Electron, only exports the binary's path).
 */
const standIn = new URL('./electron.ts', import.meta.url).href;

type Resolve = (
  specifier: string,
  context: unknown,
  next: (specifier: string, context: unknown) => Promise<{ url: string }>,
) => Promise<{ url: string; shortCircuit?: boolean }>;

export const resolve: Resolve = (specifier, context, next) =>
  specifier === 'electron'
    ? Promise.resolve({ url: standIn, shortCircuit: true })
    : next(specifier, context);
