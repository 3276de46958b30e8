/**
 * What app.asar may hold: the electron-vite build (`out/`), package.json, and the runtime files
 * of production dependencies (code, JSON, WebAssembly, native addons, licence texts). Never
 * keys or certificates, source maps, TypeScript sources or declarations, tests, docs, examples
 * or data files.
 */
const TOP_LEVEL = /^\/(out|node_modules)(\/|$)|^\/package\.json$/;
const BUILD_FILE = /^\/out\/.+\.(js|cjs|mjs|html|css|json|png|svg|ico|woff2?|ttf)$/;
const RUNTIME_FILE = /\.(js|cjs|mjs|json|node|wasm)$/;
const LICENCE = /\/(licen[cs]e|notice|copying|authors)([.-][^/]*)?$/i;
/**
 * Programs a dependency runs as they are: sandbox-runtime's seccomp helper (for each Linux
 * architecture it supports) and its Java proxy agent (@anthropic-ai/sandbox-runtime vendor/).
 */
const VENDORED_PROGRAM =
  /^\/node_modules\/@anthropic-ai\/sandbox-runtime\/vendor\/(seccomp\/(x64|arm64)\/apply-seccomp|java-proxy-agent\/srt-proxy-agent\.jar)$/;
/** sharp's prebuilt libvips (@img/sharp-libvips-<platform>), which its native addon loads. */
const NATIVE_LIBRARY = /^\/node_modules\/@img\/sharp-libvips-[^/]+\/lib\/libvips-cpp\.[^/]+$/;
const FORBIDDEN: [RegExp, string][] = [
  [/\.(pem|key|p12|pfx|crt|cer|der|jks|keystore|ppk)$/i, 'a key or certificate file'],
  [/\.map$/, 'a source map'],
  [/\.(ts|mts|cts|tsx)$/, 'a TypeScript source or declaration'],
  [
    /\/(test|tests|__tests__|__mocks__|spec|specs|example|examples|docs|doc|benchmark|benchmarks|coverage|\.github)\//,
    'a test, example or docs folder',
  ],
  [/\.(test|spec)\.[cm]?js$/, 'a test file'],
  [/\.(sqlite|sqlite3|db|log)$/i, 'a data file'],
];

/** Each packed file that is not allowed, with why. */
export function asarAllowListProblems(files: string[], isDirectory = directoriesOf(files)) {
  const problems: string[] = [];
  for (const file of files) {
    if (isDirectory.has(file)) continue;
    const forbidden = FORBIDDEN.find(([pattern]) => pattern.test(file));
    if (forbidden) problems.push(`${file}: ${forbidden[1]}`);
    else if (!TOP_LEVEL.test(file))
      problems.push(`${file}: outside out/, node_modules/ and package.json`);
    else if (file.startsWith('/out/') && !BUILD_FILE.test(file))
      problems.push(`${file}: not a file the build writes`);
    else if (
      file.startsWith('/node_modules/') &&
      !RUNTIME_FILE.test(file) &&
      !LICENCE.test(file) &&
      !VENDORED_PROGRAM.test(file) &&
      !NATIVE_LIBRARY.test(file)
    )
      problems.push(`${file}: not a file that runs`);
  }
  return problems;
}

/** The listing's folders: every path some other path lies inside. */
function directoriesOf(files: string[]): Set<string> {
  const directories = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let end = 2; end < parts.length; end++) directories.add(parts.slice(0, end).join('/'));
  }
  return directories;
}
