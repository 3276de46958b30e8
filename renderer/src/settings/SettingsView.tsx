/**
 * Settings the user can change, in sections. Each change is saved through main at once (typed
 * text after a short pause or on leaving the field); a value main's schema would refuse is shown
 * as an error next to its field and not sent. The sections live in `../settings/`.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SettingsPatch } from '../../../preload/contract';
import { settingsSchema, type Settings } from '../../../preload/contract';
import { useApi } from '../lib/apiContext';
import type { SettingsState } from '../lib/hooks';
import { AppearanceSection } from './AppearanceSection';
import { ChatSection } from './ChatSection';
import { ToolSelectionSection } from './ToolSelectionSection';
import { CommandRulesSection } from './CommandRulesSection';
import { DataSection } from './DataSection';
import { DesktopSection } from './DesktopSection';
import { OllamaSection } from './OllamaSection';
import { RegistrySection } from './RegistrySection';
import { useOllama } from './useOllama';
import './settings.css';
import { InlineError } from '../ui/InlineError';

export { DEFAULT_OLLAMA_HOST } from './OllamaSection';
export { SAVE_DELAY_MS } from './useDraft';

/** How long "Saved" stays after a change is saved. */
export const SAVED_NOTE_MS = 2_500;

/** One Ollama check feeds both the Ollama status line and the Chat model list. */
export function SettingsView({ state }: { state: SettingsState }) {
  const api = useApi();
  const settings = useMemo(() => complete(state.settings), [state.settings]);
  const ollama = useOllama(api);
  // Every change saves itself; "Saved" says so for a moment after each one main took.
  const [savedAt, setSavedAt] = useState<number>();
  const { update: save } = state;
  const update = useCallback(
    async (patch: SettingsPatch) => {
      const saved = await save(patch);
      if (saved) setSavedAt(Date.now());
      return saved;
    },
    [save],
  );
  useEffect(() => {
    if (savedAt === undefined) return undefined;
    const timer = setTimeout(() => setSavedAt(undefined), SAVED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);
  return (
    <section className="view settings-view" aria-labelledby="settings-title">
      <div className="settings-title">
        <h1 id="settings-title">Settings</h1>
        <p className="settings-saved" role="status">
          {savedAt !== undefined ? 'Saved' : ''}
        </p>
      </div>
      <InlineError message={state.error} />
      {!settings ? (
        <p className="muted">Loading settings…</p>
      ) : (
        <>
          <OllamaSection settings={settings} update={update} ollama={ollama} />
          <ChatSection settings={settings} update={update} ollama={ollama} />
          <ToolSelectionSection api={api} ollama={ollama} />
          <CommandRulesSection api={api} />
          <RegistrySection settings={settings} update={update} />
          <AppearanceSection settings={settings} update={update} />
          <DesktopSection settings={settings} update={update} />
          <DataSection api={api} onReset={ollama.recheck} />
        </>
      )}
    </section>
  );
}

/** Main always sends whole settings; a partial payload (an older main) still renders with defaults. */
function complete(settings: Settings | undefined): Settings | undefined {
  if (!settings) return undefined;
  const parsed = settingsSchema.safeParse(settings);
  return parsed.success ? parsed.data : settings;
}
