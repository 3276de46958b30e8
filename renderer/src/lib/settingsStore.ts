/**
 * One copy of the settings per connection to main, shared by every component that shows or
 * changes them: one `settings:get` at start, one `settings:changed` subscription, and a change
 * shown everywhere at once. (Each component kept its own copy before: the app shell and the chat
 * asked main twice, and saw each other's changes only once main echoed them.)
 */
import type { Api } from '../../../preload/api';
import type { Settings, SettingsPatch } from '../../../preload/contract';
import { applySettingsPatch } from '../../../preload/settingsPatch';

export interface SettingsSnapshot {
  settings: Settings | undefined;
  /** Why the last read or change failed (cleared by the next change main saves). */
  failure: { reason: unknown } | undefined;
}

export interface SettingsStore {
  subscribe(listener: () => void): () => void;
  snapshot(): SettingsSnapshot;
  /** Resolves true when main saved the change. */
  update(patch: SettingsPatch): Promise<boolean>;
}

const stores = new WeakMap<Api, SettingsStore>();

export function settingsStoreFor(api: Api): SettingsStore {
  let store = stores.get(api);
  if (!store) stores.set(api, (store = createSettingsStore(api)));
  return store;
}

function createSettingsStore(api: Api): SettingsStore {
  let snapshot: SettingsSnapshot = { settings: undefined, failure: undefined };
  const listeners = new Set<() => void>();
  let stopListening: (() => void) | undefined;
  /** Counts starts, so an answer to a read from before a restart is dropped. */
  let generation = 0;

  const publish = (next: Partial<SettingsSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of [...listeners]) listener();
  };
  const start = () => {
    const started = ++generation;
    stopListening = api.settings.onChanged((settings) => publish({ settings }));
    api.settings.get().then(
      (settings) => started === generation && publish({ settings }),
      (reason: unknown) => started === generation && publish({ failure: { reason } }),
    );
  };
  const stop = () => {
    generation++;
    stopListening?.();
    stopListening = undefined;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!stopListening) start();
      return () => {
        listeners.delete(listener);
        // A component remounting at once (React's strict mode does) keeps the subscription.
        queueMicrotask(() => {
          if (listeners.size === 0) stop();
        });
      };
    },
    snapshot: () => snapshot,
    async update(patch) {
      // Show the change at once; main's answer (or the value before, on failure) settles it.
      const before = snapshot.settings;
      if (before) publish({ settings: applySettingsPatch(before, patch) });
      try {
        publish({ settings: await api.settings.set(patch), failure: undefined });
        return true;
      } catch (reason) {
        publish({ settings: before, failure: { reason } });
        return false;
      }
    },
  };
}
