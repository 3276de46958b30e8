/**
 * Below the quick chat shortcut: where Hearth cannot know the shortcut works (a Wayland session,
 * whose desktop binds it or not without telling Hearth) or knows it does not, the command to bind
 * in the desktop's own keyboard settings instead.
 */
import type { DesktopStatus } from '../../../preload/contract';

export function QuickChatHelp({ status }: { status: DesktopStatus }) {
  if (status.shortcut !== 'unverified' && status.shortcut !== 'failed') return null;
  const why =
    status.shortcut === 'unverified'
      ? 'This desktop decides whether Hearth may use the shortcut and does not tell Hearth, so it may do nothing.'
      : 'Hearth could not register the shortcut.';
  return (
    <div className="field-hint" role="note" aria-label="Quick chat shortcut">
      <p>
        {why} To be sure, add a shortcut in your desktop’s keyboard settings that runs this command:
      </p>
      <code className="settings-command">{status.quickChatCommand}</code>
    </div>
  );
}
