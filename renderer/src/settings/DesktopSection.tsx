/**
 * The Desktop section: what only the desktop app uses (login item, quick chat shortcut, what
 * closing the window does where the desktop shows no tray, and what to do with secrets on a
 * system without a keyring).
 */
import { useId } from 'react';
import { useApi } from '../lib/apiContext';
import { QuickChatHelp } from './QuickChatHelp';
import { useDesktopStatus } from './useDesktopStatus';
import { desktopSettingsSchema, type Settings } from '../../../preload/contract';
import { Section, SwitchSetting, TextSetting } from './fields';
import type { Update } from './useDraft';

type WithoutKeyring = Settings['desktop']['secretsWithoutKeyring'];
type CloseWithoutTray = Settings['desktop']['closeWithoutTray'];

const WITHOUT_KEYRING: { value: WithoutKeyring; label: string }[] = [
  { value: 'ask', label: 'Keep them for this session and remind me' },
  { value: 'session', label: 'Keep them for this session only' },
  { value: 'weak-key', label: 'Store them with a weak key (hidden from a casual look only)' },
];

/** Shown in every build; the hints say what applies in the desktop app. */
export function DesktopSection({ settings, update }: { settings: Settings; update: Update }) {
  const keyringId = useId();
  const closeId = useId();
  const desktop = useDesktopStatus(useApi());
  return (
    <Section title="Desktop">
      <SwitchSetting
        label="Launch Hearth at login"
        checked={settings.desktop.launchAtLogin}
        onChange={(launchAtLogin) => void update({ desktop: { launchAtLogin } })}
      />
      <TextSetting
        label="Quick chat shortcut"
        hint="Such as Alt+Shift+H. Applies in the desktop app."
        saved={settings.desktop.quickChatShortcut}
        save={update}
        check={(text) =>
          desktopSettingsSchema.shape.quickChatShortcut.unwrap().safeParse(text.trim()).success
            ? { patch: { desktop: { quickChatShortcut: text.trim() } } }
            : { error: 'Use at most 100 characters.' }
        }
      />
      <QuickChatHelp status={desktop} />
      {desktop.shortcut !== 'none' && !desktop.tray && (
        // Only where the desktop shows no tray: with one, closing keeps Hearth there.
        <div className="field">
          <label htmlFor={closeId}>When the window is closed</label>
          <select
            id={closeId}
            className="input"
            value={settings.desktop.closeWithoutTray}
            aria-describedby={`${closeId}-hint`}
            onChange={(event) =>
              void update({
                desktop: { closeWithoutTray: event.target.value as CloseWithoutTray },
              })
            }
          >
            <option value="minimize">Minimise Hearth (it keeps running)</option>
            <option value="quit">Quit Hearth</option>
          </select>
          <span id={`${closeId}-hint`} className="field-hint">
            While minimised, Hearth keeps its servers running and answers the quick chat.
          </span>
        </div>
      )}
      <div className="field">
        <label htmlFor={keyringId}>Secrets without a system keyring</label>
        <select
          id={keyringId}
          className="input"
          value={settings.desktop.secretsWithoutKeyring}
          aria-describedby={`${keyringId}-hint`}
          onChange={(event) =>
            void update({
              desktop: { secretsWithoutKeyring: event.target.value as WithoutKeyring },
            })
          }
        >
          {WITHOUT_KEYRING.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <span id={`${keyringId}-hint`} className="field-hint">
          Where the system has no keyring (Linux without GNOME Keyring or KWallet). A weak key keeps
          API keys and tokens across restarts, encrypted with a key that is the same on every
          computer: it only keeps them from being read at a glance in the file. It does not protect
          them from anyone who can read your files, or from any program you run. Applies at the next
          start of the desktop app.
        </span>
      </div>
    </Section>
  );
}
