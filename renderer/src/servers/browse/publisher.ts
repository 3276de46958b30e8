/**
 * Who published a registry entry, read from its name: the registry's names are reverse-DNS
 * (`io.github.user/weather`, `com.example/tools`), and the official registry lets a name be
 * published only by whoever proves they own it, a GitHub account or a domain (the registry's
 * docs/reference/server-json/official-registry-requirements.md, "Namespace authentication").
 */
import { OFFICIAL_REGISTRY_URL } from '../../../../preload/schemas/registry';

const HOSTS: Record<string, string> = { 'io.github': 'GitHub', 'io.gitlab': 'GitLab' };

/** "user on GitHub", "example.com"; undefined when the name has no namespace. */
export function publisherOf(name: string): string | undefined {
  const slash = name.indexOf('/');
  if (slash <= 0) return undefined;
  const parts = name.slice(0, slash).split('.').filter(Boolean);
  if (parts.length < 2) return undefined;
  const host = HOSTS[parts.slice(0, 2).join('.')];
  if (host && parts.length > 2) return `${parts.slice(2).join('.')} on ${host}`;
  return [...parts].reverse().join('.');
}

/** The official registry checks every publisher; another registry says nothing Hearth can read. */
export function registryVerifiesPublishers(registryUrl: string | undefined): boolean {
  const url = (registryUrl ?? '').trim().replace(/\/+$/, '');
  return url === '' || url === OFFICIAL_REGISTRY_URL;
}
