/** The Settings view as the shell shows it, against main with Ollama and its models scripted. */
import { screen } from '@testing-library/react';
import type { Handlers } from '../../../../electron/core/bridge/router';
import {
  applySettingsPatch,
  settingsSchema,
  type InvokeResult,
  type Settings,
  type SettingsPatch,
} from '../../../../preload/contract';
import { useApi } from '../../../../renderer/src/lib/apiContext';
import { useSettings } from '../../../../renderer/src/lib/hooks';
import { SettingsView } from '../../../../renderer/src/settings/SettingsView';
import { connectTo, renderWith, type RendererHarness } from '../../../support/rendererHarness';

/** What the shell does: settings from `useSettings`, handed to the view. */
function SettingsScreen() {
  const state = useSettings(useApi());
  return <SettingsView state={state} />;
}

export const CONNECTED: InvokeResult<'ollama:status'> = {
  ok: true,
  host: 'http://127.0.0.1:11434',
  version: '0.12.6',
};

export function model(name: string, parameterSize = '3.2B'): InvokeResult<'models:list'>[number] {
  return {
    name,
    size: 2_000_000_000,
    family: 'llama',
    parameterSize,
    quantization: 'Q4_K_M',
    modifiedAt: '2025-01-01T00:00:00Z',
  };
}

export interface SettingsHarness extends RendererHarness {
  /** The settings as main holds them now. */
  stored(): Settings;
  /** Every patch the view sent, in order. */
  patches(): SettingsPatch[];
  count(channel: string): number;
}

/** Main with default settings (or `start`), a running Ollama, two models and no headers. */
export function settingsHarness(
  overrides: Partial<Handlers> = {},
  start: Settings = settingsSchema.parse({}),
): SettingsHarness {
  let settings = start;
  const harness: RendererHarness = connectTo({
    'settings:get': () => settings,
    'settings:set': (patch) => (settings = applySettingsPatch(settings, patch)),
    'settings:reset': () => {
      settings = settingsSchema.parse({});
      harness.emit('settings:changed', settings);
      return settings;
    },
    'ollama:status': () => CONNECTED,
    'ollama:headers': () => [],
    'ollama:setHeaders': (headers) => headers.map((header) => header.name),
    'models:list': () => [model('llama3.2'), model('qwen3', '8B')],
    'commandRules:list': () => [],
    'tools:learned': () => 0,
    ...overrides,
  });
  return Object.assign(harness, {
    stored: () => settings,
    patches: () =>
      harness.calls
        .filter((call) => call.channel === 'settings:set')
        .map((call) => call.args[0] as SettingsPatch),
    count: (channel: string) => harness.calls.filter((call) => call.channel === channel).length,
  });
}

/** Renders the view and waits until the settings are loaded. */
export async function renderSettings(harness: SettingsHarness) {
  const result = renderWith(<SettingsScreen />, harness);
  await screen.findByRole('heading', { name: 'Chat' });
  return result;
}
