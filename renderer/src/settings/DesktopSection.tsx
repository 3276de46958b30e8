/**
 * The Desktop section: what only the desktop app uses (login item, quick chat shortcut, and what
 * to do with secrets on a system without a keyring).
 */
import { useId } from 'react';
import { desktopSettingsSchema, type Settings } from '../../../preload/contract';
import { Section, SwitchSetting, TextSetting } from './fields';
import type { Update } from './useDraft';

type WithoutKeyring = Settings['desktop']['secretsWithoutKeyring'];

const WITHOUT_KEYRING: { value: WithoutKeyring; label: string }[] = [
  { value: 'ask', label: 'Keep them for this session and remind me' },
  { value: 'session', label: 'Keep them for this session only' },
  { value: 'weak-key', label: 'Store them with a weak key (not protected)' },
];

/** Shown in every build; the hints say what applies in the desktop app. */
export function DesktopSection({ settings, update }: { settings: Settings; update: Update }) {
  const keyringId = useId();
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
          API keys and tokens across restarts, but anyone who can read your files can read them.
          Applies at the next start of the desktop app.
        </span>
      </div>
    </Section>
  );
}
