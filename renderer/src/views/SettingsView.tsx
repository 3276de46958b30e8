/** Settings the user can change; each change is saved by main at once. */
import type { Settings } from '../../../preload/contract';
import type { SettingsState } from '../hooks';

const THEMES: { value: Settings['theme']; label: string; hint: string }[] = [
  { value: 'system', label: 'System', hint: 'Follow the operating system' },
  { value: 'light', label: 'Light', hint: 'Always light' },
  { value: 'dark', label: 'Dark', hint: 'Always dark' },
];

export function SettingsView({ state }: { state: SettingsState }) {
  const { settings, error, update } = state;
  return (
    <section className="view" aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
      {!settings ? (
        <p className="muted">Loading settings…</p>
      ) : (
        <fieldset className="card">
          <legend>Appearance</legend>
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
        </fieldset>
      )}
    </section>
  );
}
