/**
 * The renderer-facing API, derived from the contract: `settings:get` becomes `api.settings.get()`,
 * the event `settings:changed` becomes `api.settings.onChanged(listener)`. Both hosts build it
 * here (the preload over IPC, the browser host over a WebSocket), so neither can drift from the
 * contract or from each other. Imports only the contract's channel names and types: the renderer
 * uses it too, and its first script need not load the schemas.
 */
import { eventChannelNames, invokeChannelNames } from './channels';
import type {
  EventChannel,
  EventPayload,
  InvokeArgs,
  InvokeChannel,
  InvokeResult,
} from './contract';
import type { BridgeErrorShape, ErrorCode, Outcome } from './outcome';

type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never;
type VerbOf<C extends string> = C extends `${string}:${infer V}` ? V : never;
type Domain = DomainOf<InvokeChannel | EventChannel>;
type ListenerMethod<E extends string> = `on${Capitalize<VerbOf<E>>}`;

export type Unsubscribe = () => void;

type Listeners<D extends Domain> = {
  [E in EventChannel as DomainOf<E> extends D ? ListenerMethod<E> : never]: (
    listener: (payload: EventPayload<E>) => void,
  ) => Unsubscribe;
};

/** What the preload exposes on `window.hearth`: each call resolves to an Outcome, never throws. */
export type Bridge = {
  [D in Domain]: {
    [C in InvokeChannel as DomainOf<C> extends D ? VerbOf<C> : never]: (
      ...args: InvokeArgs<C>
    ) => Promise<Outcome<InvokeResult<C>>>;
  } & Listeners<D>;
};

/** What the renderer's code uses: calls resolve to their value or reject with a BridgeError. */
export type Api = {
  [D in Domain]: {
    [C in InvokeChannel as DomainOf<C> extends D ? VerbOf<C> : never]: (
      ...args: InvokeArgs<C>
    ) => Promise<InvokeResult<C>>;
  } & Listeners<D>;
};

/** How a bridge reaches main: one call per invoke, one subscription per event listener. */
export interface BridgeTransport {
  invoke(channel: InvokeChannel, args: unknown[]): Promise<Outcome<unknown>>;
  subscribe(channel: EventChannel, listener: (payload: unknown) => void): Unsubscribe;
}

/** A failed call, with the contract's error code so the UI can react to the kind of failure. */
export class BridgeError extends Error {
  readonly code: ErrorCode;
  constructor(error: BridgeErrorShape) {
    super(error.message);
    this.name = 'BridgeError';
    this.code = error.code;
  }
}

/** Where a channel lives on the API object: `links:open` is `api.links.open`. */
export function methodPath(
  channel: InvokeChannel | EventChannel,
): [domain: string, method: string] {
  const [domain = '', verb = ''] = channel.split(':');
  const isEvent = (eventChannelNames as string[]).includes(channel);
  return [domain, isEvent ? `on${verb.charAt(0).toUpperCase()}${verb.slice(1)}` : verb];
}

type MethodTable = Record<string, Record<string, (...args: never[]) => unknown>>;

function place(table: MethodTable, channel: InvokeChannel | EventChannel, method: unknown): void {
  const [domain, name] = methodPath(channel);
  table[domain] ??= {};
  (table[domain] as Record<string, unknown>)[name] = method;
}

function freezeTable<T>(table: MethodTable): T {
  for (const domain of Object.values(table)) Object.freeze(domain);
  return Object.freeze(table) as T;
}

/** Builds the exposed bridge: exactly one method per contract channel, each bound to its channel. */
export function createBridge(transport: BridgeTransport): Bridge {
  const table: MethodTable = {};
  for (const channel of invokeChannelNames) {
    place(table, channel, (...args: unknown[]) =>
      transport.invoke(channel, withoutTrailingUndefined(args)),
    );
  }
  for (const channel of eventChannelNames) {
    place(table, channel, (listener: (payload: unknown) => void) => {
      if (typeof listener !== 'function')
        throw new TypeError(`${channel}: listener must be a function`);
      return transport.subscribe(channel, listener);
    });
  }
  return freezeTable<Bridge>(table);
}

/**
 * An optional argument left out at the end is dropped, not sent: JSON (the browser host's wire)
 * would turn it into `null`, which the contract rightly refuses.
 */
function withoutTrailingUndefined(args: unknown[]): unknown[] {
  let end = args.length;
  while (end > 0 && args[end - 1] === undefined) end--;
  return args.slice(0, end);
}

/** Wraps a bridge so calls return values and failures throw BridgeError. */
export function createApi(bridge: Bridge): Api {
  const source = bridge as unknown as MethodTable;
  const table: MethodTable = {};
  for (const channel of invokeChannelNames) {
    const [domain, name] = methodPath(channel);
    const call = source[domain]?.[name] as
      ((...args: unknown[]) => Promise<Outcome<unknown>>) | undefined;
    if (!call) throw new Error(`The bridge lacks ${domain}.${name} for ${channel}`);
    place(table, channel, async (...args: unknown[]) => {
      const outcome = await call(...args);
      if (outcome.ok) return outcome.value;
      throw new BridgeError(outcome.error);
    });
  }
  for (const channel of eventChannelNames) {
    const [domain, name] = methodPath(channel);
    const listen = source[domain]?.[name];
    if (!listen) throw new Error(`The bridge lacks ${domain}.${name} for ${channel}`);
    place(table, channel, listen);
  }
  return freezeTable<Api>(table);
}
