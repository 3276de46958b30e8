/**
 * Main-to-renderer events. Services emit through the hub; each host adds a sink (Electron's
 * windows, the browser host's sockets). Payloads are checked against the contract on the way out,
 * so a renderer never receives an event the contract does not describe.
 */
import { eventChannels, type EventChannel, type EventPayload } from '../../../preload/contract';
import type { Logger } from '../logger';

export type EventSink = (channel: EventChannel, payload: unknown) => void;

export interface EventHub {
  emit<E extends EventChannel>(channel: E, payload: EventPayload<E>): void;
  /** Adds a sink; the returned function removes it. */
  addSink(sink: EventSink): () => void;
}

export function createEventHub(logger: Logger): EventHub {
  const sinks = new Set<EventSink>();
  return {
    emit(channel, payload) {
      const checked = eventChannels[channel].safeParse(payload);
      if (!checked.success) {
        logger.error(`Dropped a ${channel} event outside the contract`, checked.error.issues);
        return;
      }
      for (const sink of sinks) {
        try {
          sink(channel, checked.data);
        } catch (error) {
          logger.warn(`A ${channel} event could not be delivered`, error);
        }
      }
    },
    addSink(sink) {
      sinks.add(sink);
      return () => sinks.delete(sink);
    },
  };
}
