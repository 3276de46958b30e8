/**
 * Who a bundle is: its name and its maker, proved by a signature or only claimed. A bundle with
 * the name of one installed is the same bundle only when the same signer signed both; unsigned,
 * the same author's name makes it a likely update that the user has to confirm, since anyone can
 * write any name. Anything else is another bundle: a server of its own, with none of the first
 * one's files, settings or secrets. An update shows what changed before it is installed.
 */
import { createHash } from 'node:crypto';
import type { InstalledBundle } from '../../../preload/schemas/bundles';
import type { BundleManifest, McpConfig } from './bundleManifest';
import type { SignatureReport } from './bundleSignature';

export interface BundleIdentity {
  name: string;
  author: string;
  /** What proves the signer: a trusted publisher's name and issuer, or a certificate's fingerprint. */
  signer?: string;
  /** The signer as the user reads it. */
  signedBy: string;
}

/** `same`: an update; `confirm`: an update only if the user says so; `other`: another bundle. */
export type BundleRelation = 'same' | 'confirm' | 'other';

export function identityOf(manifest: BundleManifest, signature: SignatureReport): BundleIdentity {
  const base = { name: manifest.name, author: manifest.author.name };
  const publisher = signature.publisher ?? 'someone unnamed';
  switch (signature.status) {
    case 'signed':
      // A certificate authority vouches for the name, so a renewed certificate is the same signer.
      return {
        ...base,
        signer: `publisher:${digest(`${publisher}\n${signature.issuer ?? ''}`)}`,
        signedBy: clip(publisher, 500),
      };
    case 'self-signed':
    case 'untrusted':
      // Nobody vouches for the name: only this very certificate says it is the same signer.
      return signature.fingerprint
        ? {
            ...base,
            signer: `certificate:${digest(signature.fingerprint)}`,
            signedBy: `${clip(publisher, 400)} (${signature.status === 'self-signed' ? 'self-signed' : 'not trusted'}, certificate ${signature.fingerprint.slice(0, 23)})`,
          }
        : { ...base, signedBy: 'not signed' };
    default:
      return { ...base, signedBy: 'not signed' };
  }
}

/** How a bundle about to be installed stands to one installed under the same name. */
export function relationOf(
  installed: InstalledBundle,
  installedAuthor: string | undefined,
  incoming: BundleIdentity,
): BundleRelation {
  if (installed.name !== incoming.name) return 'other';
  if (installed.signer !== undefined)
    return installed.signer === incoming.signer ? 'same' : 'other';
  // Installed unsigned (or before Hearth kept who signed it): its author's name is all there is.
  return installedAuthor !== undefined && installedAuthor === incoming.author ? 'confirm' : 'other';
}

export interface BundleChange {
  what: string;
  before: string;
  after: string;
}

/** What an update changes that the user should see: maker, signer, version, command, reach. */
export function whatChanged(
  installed: { record: InstalledBundle; manifest?: BundleManifest; author?: string },
  incoming: { manifest: BundleManifest; identity: BundleIdentity },
  platform: NodeJS.Platform,
): BundleChange[] {
  const before = installed.manifest;
  const after = incoming.manifest;
  const pairs: [string, string | undefined, string][] = [
    ['Author', installed.author, incoming.identity.author],
    ['Signed by', installed.record.signedBy, incoming.identity.signedBy],
    ['Version', installed.record.version, after.version],
    ['Kind of server', before?.server.type, after.server.type],
    [
      'Command',
      before && commandText(before.server.mcp_config, platform),
      commandText(after.server.mcp_config, platform),
    ],
    ['Settings it asks for', before && settingsText(before), settingsText(after)],
    [
      'Platforms',
      before && listText(before.compatibility?.platforms),
      listText(after.compatibility?.platforms),
    ],
    ['Runtimes', before && runtimesText(before), runtimesText(after)],
    [
      'Services it sends data to',
      before && listText(before.privacy_policies),
      listText(after.privacy_policies),
    ],
  ];
  return pairs
    .filter(([, was, now]) => was !== now)
    .map(([what, was, now]) => ({
      what,
      before: clip(was ?? 'not known (installed by an earlier Hearth)'),
      after: clip(now),
    }));
}

function commandText(config: McpConfig, platform: NodeJS.Platform): string {
  const override = config.platform_overrides?.[platform];
  const command = override?.command ?? config.command;
  const args = override?.args ?? config.args ?? [];
  const env = Object.keys({ ...config.env, ...override?.env });
  return [
    [command, ...args].join(' '),
    ...(env.length > 0 ? [`with ${env.sort().join(', ')} set`] : []),
  ].join(', ');
}

function settingsText(manifest: BundleManifest): string {
  const options = Object.entries(manifest.user_config ?? {});
  if (options.length === 0) return 'none';
  return options
    .map(([key, option]) => `${key} (${option.type}${option.sensitive === true ? ', secret' : ''})`)
    .join(', ');
}

function runtimesText(manifest: BundleManifest): string {
  const runtimes = Object.entries(manifest.compatibility?.runtimes ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return runtimes.length > 0
    ? runtimes.map(([name, range]) => `${name} ${range}`).join(', ')
    : 'any';
}

function listText(items: string[] | undefined): string {
  return items && items.length > 0 ? items.join(', ') : 'none named';
}

function clip(text: string, length = 2_000): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

/** What the record keeps of a signer: short whatever the certificate says. */
function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
