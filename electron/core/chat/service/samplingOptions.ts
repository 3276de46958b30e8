/**
 * What a turn sends as Ollama's sampling `options`: each the conversation has set, else the one
 * in Settings (only the temperature has one there), else none, so Ollama's default applies.
 */
import type { Settings } from '../../../../preload/contract';
import {
  samplingOptionsSchema,
  type ConversationOptions,
  type SamplingOptions,
} from '../../../../preload/schemas/chat';

export function samplingOptions(own: ConversationOptions, chat: Settings['chat']): SamplingOptions {
  const fromSettings = chat.temperature === null ? {} : { temperature: chat.temperature };
  const names = Object.keys(samplingOptionsSchema.shape) as (keyof SamplingOptions)[];
  const set = names.filter((name) => own[name] !== undefined).map((name) => [name, own[name]]);
  return { ...fromSettings, ...Object.fromEntries(set) };
}
