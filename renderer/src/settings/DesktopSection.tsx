/** The Desktop section: what only the desktop app uses (login item, quick chat shortcut). */
import { desktopSettingsSchema, type Settings } from '../../../preload/contract';
import { Section, SwitchSetting, TextSetting } from './fields';
import type { Update } from './useDraft';

/** Shown in every build; the hint says the shortcut applies in the desktop app. */
export function DesktopSection({ settings, update }: { settings: Settings; update: Update }) {
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
    </Section>
  );
}
