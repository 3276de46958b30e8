// Loaded with `--import` into each `--against` child: the runner builds each tree once before the
// rounds, so the benches' own build step (tests/e2e/buildOnce) becomes a no-op there.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`
      export async function resolve(specifier, context, nextResolve) {
        const resolved = await nextResolve(specifier, context);
        if (!/\\/tests\\/e2e\\/buildOnce\\.[cm]?[jt]s$/.test(resolved.url)) return resolved;
        return {
          url: 'data:text/javascript,export default function buildOnce() {}',
          format: 'module',
          shortCircuit: true,
        };
      }
    `),
);
