/**
 * Applying a settings patch: main stores the result, and the page shows it before main answers.
 * Apart from the contract so the page's first script need not load the schemas.
 */
import type { Settings, SettingsPatch } from './schemas/settings';

/** The settings after a patch: each group merged field by field, `undefined` meaning "keep". */
export function applySettingsPatch(settings: Settings, patch: SettingsPatch): Settings {
  const defined = <T extends object>(value: T | undefined): Partial<T> =>
    Object.fromEntries(
      Object.entries(value ?? {}).filter(([, field]) => field !== undefined),
    ) as Partial<T>;
  return {
    theme: patch.theme ?? settings.theme,
    ollama: { ...settings.ollama, ...defined(patch.ollama) },
    chat: { ...settings.chat, ...defined(patch.chat) },
    desktop: { ...settings.desktop, ...defined(patch.desktop) },
    registry: { ...settings.registry, ...defined(patch.registry) },
  };
}
