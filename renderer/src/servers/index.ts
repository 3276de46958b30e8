// The servers room's front door. The app layer loads it lazily (its own chunk); the bundle opener,
// which the app needs at once, has a door of its own (bundles/index.ts) so the view stays split.
export { ServersView } from './ServersView';
