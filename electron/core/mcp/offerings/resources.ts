/**
 * Reading a server's resources and watching them. Contents come back bounded (see the limits in
 * preload/schemas/content.ts): text is cut with a mark, bytes past the limit keep only their size.
 * Subscriptions are counted, so the resource browser and an attachment can watch the same
 * resource and each stop watching without cancelling the other.
 */
import type { Client } from '@modelcontextprotocol/client';
import { watchResource, type StopWatching } from './resourceWatch';
import type { BlobResourceContents, TextResourceContents } from '@modelcontextprotocol/client';
import {
  MAX_RESOURCE_BLOB_CHARS,
  MAX_RESOURCE_TEXT_CHARS,
  type ResourceContent,
  type ResourceRead,
} from '../../../../preload/schemas/content';
import type { ServerStatus } from '../../../../preload/schemas/servers';
import { UserFacingError } from '../../bridge/errors';
import { base64Bytes } from './modelTools/modelImages';
import type { EventHub } from '../../bridge/events';

/** What reading and watching needs from the manager. */
export interface ResourceHost {
  withClient<T>(server: string, work: (client: Client) => Promise<T>): Promise<T>;
}

/** Types whose bytes are text, so a blob of them is shown and sent as text. */
const TEXT_TYPES = /^(text\/|application\/(json|xml|yaml|x-yaml|javascript|toml)|.*\+(json|xml)$)/;

export function isTextType(mimeType: string | undefined): boolean {
  return mimeType !== undefined && TEXT_TYPES.test(mimeType);
}

/** Reads one resource from its server, every part of it bounded. */
export async function readResource(
  host: ResourceHost,
  server: string,
  uri: string,
): Promise<ResourceRead> {
  const result = await host.withClient(server, (client) => client.readResource({ uri }));
  return { contents: result.contents.slice(0, 100).map(boundedContent) };
}

/** One part of a read resource within Hearth's limits; textual bytes become text. */
export function boundedContent(
  content: TextResourceContents | BlobResourceContents,
): ResourceContent {
  const base = { uri: content.uri, ...(content.mimeType ? { mimeType: content.mimeType } : {}) };
  if ('text' in content && typeof content.text === 'string') return withText(base, content.text);
  const blob = 'blob' in content && typeof content.blob === 'string' ? content.blob : '';
  if (isTextType(content.mimeType)) {
    return withText(base, Buffer.from(blob, 'base64').toString('utf8'));
  }
  const size = base64Bytes(blob);
  return blob.length <= MAX_RESOURCE_BLOB_CHARS
    ? { ...base, blob, size }
    : { ...base, size, truncated: true };
}

function withText(base: { uri: string; mimeType?: string }, text: string): ResourceContent {
  return text.length <= MAX_RESOURCE_TEXT_CHARS
    ? { ...base, text, size: text.length }
    : { ...base, text: text.slice(0, MAX_RESOURCE_TEXT_CHARS), size: text.length, truncated: true };
}

/** Counted subscriptions to resources, per server. */
export interface ResourceWatch {
  subscribe(server: string, uri: string): Promise<boolean>;
  unsubscribe(server: string, uri: string): Promise<boolean>;
}

/**
 * `events`, when given, is where server states are heard: a server that comes back (after a
 * crash or a restart) has forgotten its subscriptions, so they are made again.
 */
export function createResourceWatch(host: ResourceHost, events?: EventHub): ResourceWatch {
  const counts = new Map<string, number>();
  /** How to stop each watch that reached its server. */
  const stops = new Map<string, StopWatching>();
  const key = (server: string, uri: string) => `${server.toLowerCase()}\n${uri}`;
  const wasReady = new Set<string>();
  events?.addSink((channel, payload) => {
    if (channel !== 'servers:status') return;
    const { name, state } = payload as ServerStatus;
    const server = name.toLowerCase();
    if (state !== 'ready') return void wasReady.delete(server);
    if (wasReady.has(server)) return;
    wasReady.add(server);
    for (const watched of counts.keys()) {
      const cut = watched.indexOf('\n');
      if (watched.slice(0, cut) !== server) continue;
      const uri = watched.slice(cut + 1);
      void host
        .withClient(name, (client) => watchResource(client, uri))
        .then((stop) => stops.set(watched, stop))
        .catch(() => undefined);
    }
  });
  return {
    async subscribe(server, uri) {
      const current = counts.get(key(server, uri)) ?? 0;
      if (current === 0) {
        await host.withClient(server, async (client) => {
          if (!client.getServerCapabilities()?.resources?.subscribe)
            throw new UserFacingError(`“${server}” does not offer updates of its resources.`);
          stops.set(key(server, uri), await watchResource(client, uri));
        });
      }
      counts.set(key(server, uri), current + 1);
      return true;
    },
    async unsubscribe(server, uri) {
      const current = counts.get(key(server, uri)) ?? 0;
      if (current === 0) return false;
      if (current > 1) {
        counts.set(key(server, uri), current - 1);
        return true;
      }
      counts.delete(key(server, uri));
      const stop = stops.get(key(server, uri));
      stops.delete(key(server, uri));
      // A server that has stopped has forgotten the subscription already.
      await stop?.().catch(() => undefined);
      return true;
    },
  };
}
