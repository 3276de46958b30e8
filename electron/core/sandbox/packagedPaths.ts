/**
 * In a packaged app sandbox-runtime sits inside app.asar, and its own lookup finds its
 * apply-seccomp helper there (Electron's fs reads into archives), but a file inside an archive
 * cannot be executed: the shell that bwrap starts says "Permission denied". electron-builder
 * unpacks the helper beside the archive (`asarUnpack` in electron-builder.yml); this names that
 * copy. Electron's docs/tutorial/asar-archives.md, "Executing Binaries Inside ASAR Archive".
 */
import { join, sep } from 'node:path';

const ARCHES: Partial<Record<NodeJS.Architecture, string>> = { x64: 'x64', arm64: 'arm64' };

/** The unpacked helper for code running from `moduleFile`, or undefined outside an archive. */
export function unpackedSeccompPath(
  moduleFile: string,
  arch: NodeJS.Architecture = process.arch,
): string | undefined {
  const at = moduleFile.indexOf(`${sep}app.asar${sep}`);
  const vendorArch = ARCHES[arch];
  if (at < 0 || !vendorArch) return undefined;
  return join(
    moduleFile.slice(0, at),
    'app.asar.unpacked',
    'node_modules',
    '@anthropic-ai',
    'sandbox-runtime',
    'vendor',
    'seccomp',
    vendorArch,
    'apply-seccomp',
  );
}
