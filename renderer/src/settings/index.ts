// The settings room's front door; the app layer loads it lazily (its own chunk).
export { SettingsView } from './SettingsView';
