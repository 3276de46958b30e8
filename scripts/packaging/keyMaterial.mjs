/**
 * Finds signing keys and certificates in what a build packs: by name (PEM, key, PKCS#12 and
 * certificate files) and by content (a PEM private-key block in any file, whatever its name).
 * Used by the afterPack hook, which fails the build on any finding, and by the packaging check.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';

/** Names that are key or certificate files whatever they hold. */
const KEY_FILE_NAME = /\.(pem|key|p12|pfx|crt|cer|der|jks|keystore|ppk)$/i;

/**
 * A whole PEM private-key block (RFC 7468 labels, OpenSSH's and PKCS#1's): the BEGIN line, a
 * body, the matching END line. Code that merely names the label (a PEM parser) is not a key.
 */
const PRIVATE_KEY_BLOCK =
  /-----BEGIN ((?:RSA |EC |DSA |ENCRYPTED |OPENSSH )?PRIVATE KEY)-----\r?\n(?:[A-Za-z0-9+/=:, -]*\r?\n){1,}?-----END \1-----/;

/** Large files (Electron's own binary and paks) are judged by name only. */
const CONTENT_LIMIT = 32 * 1024 * 1024;

/** Why this file may not ship, or undefined when it may. */
export function keyMaterialProblem(name, read) {
  if (KEY_FILE_NAME.test(name)) return 'a key or certificate file';
  const bytes = read();
  if (bytes && PRIVATE_KEY_BLOCK.test(bytes.toString('latin1'))) return 'holds a private key';
  return undefined;
}

function asarModule() {
  const require = createRequire(import.meta.url);
  const builderLib = require.resolve('app-builder-lib/package.json');
  return createRequire(builderLib)('@electron/asar');
}

/** Every finding in one asar archive, as `archive/inner/path: why`; returns the files looked at. */
function scanArchive(archive, label, findings) {
  let scanned = 0;
  const asar = asarModule();
  let header;
  try {
    header = asar.getRawHeader(archive).header;
  } catch (error) {
    // What cannot be read cannot be checked: it does not ship either.
    findings.push(`${label}: an archive that cannot be read to check it (${error.message})`);
    return 0;
  }
  const walk = (node, path) => {
    for (const [name, entry] of Object.entries(node.files ?? {})) {
      const inner = path ? `${path}/${name}` : name;
      if (entry.files) walk(entry, inner);
      else if (entry.link === undefined) {
        scanned++;
        const problem = keyMaterialProblem(name, () =>
          entry.unpacked || Number(entry.size) > CONTENT_LIMIT
            ? undefined
            : asar.extractFile(archive, inner),
        );
        if (problem) findings.push(`${label}/${inner}: ${problem}`);
      }
    }
  };
  walk(header, '');
  return scanned;
}

/**
 * Every key or certificate anywhere under `root` (a packed app folder), asar archives included,
 * and how many files were looked at.
 */
export function findKeyMaterial(root) {
  const findings = [];
  let scanned = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const label = relative(root, path).split(sep).join('/');
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        scanned++;
        if (entry.name.endsWith('.asar')) scanned += scanArchive(path, label, findings);
        const problem = keyMaterialProblem(entry.name, () =>
          statSync(path).size > CONTENT_LIMIT ? undefined : readFileSync(path),
        );
        if (problem) findings.push(`${label}: ${problem}`);
      }
    }
  };
  walk(root);
  return { findings, scanned };
}
