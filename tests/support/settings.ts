/** Settings as main stores and returns them: the given fields over every default. */
import { settingsSchema, type Settings } from '../../preload/contract';

export function settingsWith(fields: Partial<Pick<Settings, 'theme'>> = {}): Settings {
  return settingsSchema.parse(fields);
}
