/** The Appearance section: the theme, as a choice of three. */
import type { Settings } from '../../../preload/contract';
import { Section } from './fields';
import type { Update } from './useDraft';

const THEMES: { value: Settings['theme']; label: string; hint: string }[] = [
  { value: 'system', label: 'System', hint: 'Follow the operating system' },
  { value: 'light', label: 'Light', hint: 'Always light' },
  { value: 'dark', label: 'Dark', hint: 'Always dark' },
];

/** A radio group rather than a select, so all three themes show at a glance. */
export function AppearanceSection({ settings, update }: { settings: Settings; update: Update }) {
  return (
    <Section title="Appearance">
      <div className="segmented" role="radiogroup" aria-label="Theme">
        {THEMES.map((theme) => (
          <label key={theme.value} className="segment" title={theme.hint}>
            <input
              type="radio"
              name="theme"
              value={theme.value}
              checked={settings.theme === theme.value}
              onChange={() => void update({ theme: theme.value })}
            />
            <span>{theme.label}</span>
          </label>
        ))}
      </div>
    </Section>
  );
}
