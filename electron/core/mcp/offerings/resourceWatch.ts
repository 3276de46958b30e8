/**
 * Watching one resource for changes, in the server's protocol era: a 2025 server is asked with
 * `resources/subscribe` (and `resources/unsubscribe` to stop); a 2026-07-28 server, which has
 * neither, with a `subscriptions/listen` stream for that address. Either way its
 * `notifications/resources/updated` reach the same handler.
 */
import type { Client } from '@modelcontextprotocol/client';

/** Stops watching; safe to call once the server has gone. */
export type StopWatching = () => Promise<void>;

export async function watchResource(client: Client, uri: string): Promise<StopWatching> {
  if (client.getProtocolEra() === 'modern') {
    const subscription = await client.listen({ resourceSubscriptions: [uri] });
    return async () => {
      await Promise.resolve(subscription.close()).catch(() => undefined);
    };
  }
  await client.subscribeResource({ uri });
  return async () => {
    await client.unsubscribeResource({ uri }).catch(() => undefined);
  };
}
