/**
 * The values a user gives a bundle's settings, checked against its `user_config`: required ones
 * present, numbers within their bounds, one value or several as declared. Defaults fill what is
 * left out. Each problem is a sentence naming the setting by its title.
 */
import type { UserConfigValues } from '../../../preload/schemas/bundles';
import { UserFacingError } from '../bridge/errors';
import { resolveDefault, type LaunchEnvironment } from './bundleLaunch';
import type { UserConfigOption } from './bundleManifest';

/** The values to install with, defaults applied; throws when one is missing or out of bounds. */
export function checkValues(
  options: Record<string, UserConfigOption>,
  given: UserConfigValues,
  environment: LaunchEnvironment,
): UserConfigValues {
  const values: UserConfigValues = {};
  const problems: string[] = [];
  for (const [key, option] of Object.entries(options)) {
    const raw = given[key] ?? resolveDefault(option.default, environment);
    const value = normalise(option, raw);
    const empty =
      value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (option.required === true) problems.push(`“${option.title}” is required`);
      continue;
    }
    if (option.type === 'number') {
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        problems.push(`“${option.title}” must be a number`);
        continue;
      }
      if (option.min !== undefined && value < option.min)
        problems.push(`“${option.title}” must be at least ${option.min}`);
      if (option.max !== undefined && value > option.max)
        problems.push(`“${option.title}” must be at most ${option.max}`);
    }
    values[key] = value;
  }
  if (problems.length > 0) throw new UserFacingError(`Check the settings: ${problems.join('; ')}.`);
  return values;
}

function normalise(
  option: UserConfigOption,
  value: UserConfigValues[string] | undefined,
): UserConfigValues[string] | undefined {
  if (value === undefined) return undefined;
  switch (option.type) {
    case 'number':
      if (typeof value === 'number') return value;
      if (typeof value === 'string' && value.trim() !== '') return Number(value.trim());
      return typeof value === 'string' ? '' : Number.NaN;
    case 'boolean':
      if (typeof value === 'boolean') return value;
      return String(value) === 'true';
    case 'directory':
    case 'file':
      if (option.multiple === true)
        return (Array.isArray(value) ? value : [String(value)])
          .map((item) => item.trim())
          .filter(Boolean);
      return Array.isArray(value) ? (value[0] ?? '').trim() : String(value).trim();
    default:
      return Array.isArray(value) ? value.join(',') : String(value);
  }
}
