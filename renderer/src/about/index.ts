// The About room's front door; the app layer loads it lazily (its own chunk).
export { AboutView } from './AboutView';
