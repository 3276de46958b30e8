/**
 * The hosts a bundle's manifest names for its server to reach, for its sandbox's allow list at
 * install. The MCPB manifest (schemas v0.1–v0.4 in @anthropic-ai/mcpb) has no field for network
 * access, so the hosts are those of the http(s) addresses written in its `server.mcp_config`:
 * its `args` and `env` values, and their platform overrides. An address with a `${…}` in its
 * host is the user's to fill, not the manifest's, and is left out; so is loopback, which a
 * sandbox allows only when the user asks.
 */
import { hostOfUrl } from '../sandbox';
import type { BundleManifest } from './bundleManifest';

/** At most this many hosts are taken from one manifest. */
export const MAX_MANIFEST_HOSTS = 32;

const URL_IN_TEXT = /https?:\/\/[^\s"'<>`]+/gi;
// The allow list's own rule (sandboxPolicySchema's allowHosts).
const HOST_RULE = /^[a-z0-9.-]+(:\d{1,5})?$/;
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|0\.0\.0\.0)(:\d+)?$/;

export function manifestHosts(manifest: BundleManifest): string[] {
  const config = manifest.server.mcp_config;
  const texts = [config, ...Object.values(config.platform_overrides ?? {})].flatMap((part) => [
    ...(part.args ?? []),
    ...Object.values(part.env ?? {}),
  ]);
  const hosts = new Set<string>();
  for (const text of texts)
    for (const [address] of text.matchAll(URL_IN_TEXT)) {
      const host = hostOfUrl(address.replace(/[.,;:)\]}]+$/, ''))?.toLowerCase();
      if (host && HOST_RULE.test(host) && !LOOPBACK.test(host)) hosts.add(host);
    }
  return [...hosts].slice(0, MAX_MANIFEST_HOSTS);
}
