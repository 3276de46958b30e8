/**
 * A registry entry's remote (a server on the web) as a Hearth HTTP server: its address with its
 * `{variables}` filled in, its headers (secret ones kept in the vault), and the protocol the
 * entry names, Streamable HTTP or SSE.
 */
import { headerSchema } from '../../../preload/schemas/servers';
import type { RegistryRemote } from './registrySchemas';
import { planInput, planTemplate, type PlannedValue } from './templates';

export interface RemotePlan {
  type: 'http';
  protocol: 'streamable-http' | 'sse';
  url: PlannedValue;
  headers: { name: string; value: PlannedValue }[];
}

/** A remote planned, or why it cannot be. */
export type PlannedRemote = { ok: true; plan: RemotePlan } | { ok: false; reason: string };

export function planRemote(remote: RegistryRemote): PlannedRemote {
  if (remote.type !== 'streamable-http' && remote.type !== 'sse')
    return { ok: false, reason: `Hearth does not know the ${remote.type} transport.` };
  if (!/^(https?:\/\/\S+|\{[A-Za-z_][A-Za-z0-9_]*\}\S*)$/.test(remote.url))
    return { ok: false, reason: `“${remote.url}” is not an http:// or https:// address.` };
  const headers = (remote.headers ?? []).map((header) => ({
    name: header.name,
    value: planInput(header, `header:${header.name}`, header.name, 'header'),
  }));
  const badName = headers.find((header) => !headerSchema.shape.name.safeParse(header.name).success);
  if (badName) return { ok: false, reason: `“${badName.name}” is not a valid header name.` };
  const url = planTemplate(remote.url, remote.variables ?? {}, 'url', 'url');
  return {
    ok: true,
    plan: {
      type: 'http',
      protocol: remote.type,
      url: { pieces: url.pieces, secret: url.secret, optional: false },
      headers,
    },
  };
}
