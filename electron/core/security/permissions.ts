/**
 * The web permissions Hearth's pages may use. Everything else (camera, microphone, geolocation,
 * notifications from pages, MIDI, HID, serial, ...) is denied, and so is everything asked by a
 * frame that is not the app's own.
 */
import { isSameOrigin } from './origins';

/** Copy buttons write plain text to the clipboard; nothing else is needed yet. */
export const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

export function isPermissionGranted(
  permission: string,
  requestingUrl: string,
  appOrigin: string,
): boolean {
  return GRANTED_PERMISSIONS.has(permission) && isSameOrigin(requestingUrl, appOrigin);
}
