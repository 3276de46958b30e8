/**
 * Settings as the app uses them: read, change, and tell every window when they change.
 */
import type { Settings, SettingsPatch } from '../../preload/contract';
import type { EventHub } from './bridge/events';
import type { SettingsStore } from './store/settingsStore';

export interface SettingsService {
  get(): Settings;
  update(patch: SettingsPatch): Settings;
  reset(): Settings;
}

export function createSettingsService(store: SettingsStore, events: EventHub): SettingsService {
  return {
    get: () => store.get(),
    update(patch) {
      const settings = store.update(patch);
      events.emit('settings:changed', settings);
      return settings;
    },
    reset() {
      const settings = store.reset();
      events.emit('settings:changed', settings);
      return settings;
    },
  };
}
