/**
 * The platform's refusal to let Hearth see the screen, in one sentence that says what to allow and
 * where. Electron's `desktopCapturer.getSources` does not say why it got nothing
 * (electron/electron shell/browser/api/electron_api_desktop_capturer.cc): on macOS, without the
 * Screen Recording permission, it rejects with "Failed to get sources." after
 * `ui::TryPromptUserForScreenCapture` fails; where no capturer can be made (a Wayland session
 * without the desktop portal and PipeWire) it resolves with an empty list. macOS also answers
 * `systemPreferences.getMediaAccessStatus('screen')` beforehand (docs/api/system-preferences.md;
 * Windows always answers `granted` for the screen, Linux has no such call).
 */

/** macOS's answer for the screen, as `getMediaAccessStatus` words it. */
export type MediaAccess = 'not-determined' | 'granted' | 'denied' | 'restricted' | 'unknown';

export interface CaptureSituation {
  platform: NodeJS.Platform;
  /** A Wayland session (see desktop/isWaylandSession). */
  wayland: boolean;
  /** macOS's answer before asking; undefined elsewhere. */
  access?: MediaAccess;
}

const MAC_SETTING =
  'Allow Hearth in System Settings › Privacy & Security › Screen Recording, then quit and reopen Hearth (macOS applies the change at the next start).';

/** Refused before asking: macOS says no, or an organisation's profile forbids it. */
export function refusalBeforeAsking(situation: CaptureSituation): string | undefined {
  if (situation.platform !== 'darwin') return undefined;
  if (situation.access === 'denied') return `Hearth may not record the screen. ${MAC_SETTING}`;
  if (situation.access === 'restricted')
    return 'Screen recording is restricted on this Mac by a profile your organisation installed, so Hearth cannot take screenshots; ask whoever manages the Mac to allow it.';
  return undefined;
}

/** Refused when asking: `getSources` rejected, or listed nothing at all. */
export function refusalWhenAsking(situation: CaptureSituation, error?: unknown): string {
  if (situation.platform === 'darwin') return `Hearth may not record the screen. ${MAC_SETTING}`;
  if (situation.platform === 'linux' && situation.wayland)
    return 'This Wayland session lets apps capture the screen only through the desktop portal: install xdg-desktop-portal with the backend for your desktop (xdg-desktop-portal-gnome, -kde or -wlr) and PipeWire, make sure both are running, then try again.';
  const detail = error === undefined ? 'the system listed no screen or window' : String(error);
  return `The screen could not be captured (${detail.replace(/\.$/, '')}). Try again, or attach a saved screenshot as a file.`;
}
