// Opening a bundle (a `.mcpb` file) from anywhere in the app, without loading the servers view.
export { BundleOpenerProvider } from './BundleOpener';
