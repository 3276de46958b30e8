/**
 * The Ollama section: where Hearth finds Ollama (checked again after each change), how long a
 * model stays loaded, and extra headers for an Ollama behind a proxy.
 */
import { useCallback, useId } from 'react';
import { ollamaSettingsSchema, type Settings, type SettingsPatch } from '../../../preload/contract';
import { ollamaClientAddress } from '../../../preload/ollamaHost';
import { useApi } from '../lib/apiContext';
import { NumberSetting, Section, SwitchSetting, TextSetting } from './fields';
import { ProxyHeaders } from './ProxyHeaders';
import { useDraft, type Check, type Update } from './useDraft';
import type { OllamaCheck, OllamaState } from './useOllama';

/** Where Ollama listens unless OLLAMA_HOST or this setting says otherwise. */
export const DEFAULT_OLLAMA_HOST = 'http://127.0.0.1:11434';

/** Saving the address checks Ollama again, so the status line always speaks of the saved one. */
export function OllamaSection(props: { settings: Settings; update: Update; ollama: OllamaState }) {
  const { settings, update, ollama } = props;
  const api = useApi();
  const save = useCallback(
    async (patch: SettingsPatch) => {
      const saved = await update(patch);
      await ollama.recheck();
      return saved;
    },
    [update, ollama],
  );
  const address = useDraft(settings.ollama.host, checkHost, save);
  const id = useId();
  return (
    <Section title="Ollama">
      <div className="field">
        <label htmlFor={id}>Address</label>
        <div className="settings-inline">
          <input
            id={id}
            className="input"
            value={address.text}
            placeholder={DEFAULT_OLLAMA_HOST}
            aria-invalid={address.error ? true : undefined}
            aria-describedby={`${address.error ? `${id}-error ` : ''}${id}-hint ${id}-status`}
            onChange={(event) => address.change(event.target.value)}
            onBlur={() => void address.flush()}
          />
          <button
            type="button"
            className="button"
            onClick={async () => {
              if (!(await address.flush())) await ollama.recheck();
            }}
          >
            Check
          </button>
        </div>
        {address.error && (
          <span id={`${id}-error`} className="field-error">
            {address.error}
          </span>
        )}
        <span id={`${id}-hint`} className="field-hint">
          Empty: OLLAMA_HOST if it is set, else {DEFAULT_OLLAMA_HOST}.
        </span>
        {/* A typed address that is not one is not checked: no status beside its error. */}
        <p
          id={`${id}-status`}
          role="status"
          className={`settings-status settings-status-${address.error ? 'bad' : checkTone(ollama.check)}`}
        >
          {address.error
            ? 'Not checked: the address above is not valid.'
            : describeCheck(ollama.check)}
        </p>
      </div>
      <TextSetting
        label="Keep the model loaded for"
        hint="After each reply: seconds (300), a duration such as 5m or 1h30m, 0 to unload at once, or -1 to keep it loaded always."
        saved={String(settings.ollama.keepAlive)}
        save={update}
        check={(text) => {
          const parsed = ollamaSettingsSchema.shape.keepAlive.unwrap().safeParse(text.trim());
          return parsed.success
            ? { patch: { ollama: { keepAlive: parsed.data } } }
            : { error: parsed.error.issues[0]?.message ?? 'Not a duration.' };
        }}
      />
      <NumberSetting
        label="Wait for a reply to start"
        hint="In seconds. A large model can take minutes to load from disk."
        saved={settings.ollama.firstTokenSeconds}
        schema={ollamaSettingsSchema.shape.firstTokenSeconds.unwrap()}
        save={update}
        toPatch={(firstTokenSeconds) => ({ ollama: { firstTokenSeconds } })}
      />
      <NumberSetting
        label="Wait between words of a reply"
        hint="In seconds. Longer than this without a word, the reply counts as stuck and stops."
        saved={settings.ollama.idleSeconds}
        schema={ollamaSettingsSchema.shape.idleSeconds.unwrap()}
        save={update}
        toPatch={(idleSeconds) => ({ ollama: { idleSeconds } })}
      />
      <ThinkLevel settings={settings} update={update} />
      <SwitchSetting
        label="Hide cloud models"
        hint="Ollama lists models that run on ollama.com beside the ones on this computer. With them, your messages and tool results leave this computer."
        checked={settings.ollama.hideCloudModels}
        onChange={(hideCloudModels) => void update({ ollama: { hideCloudModels } })}
      />
      <CloudModelsAllowed settings={settings} update={update} />
      <ProxyHeaders api={api} onSaved={ollama.recheck} />
    </Section>
  );
}

/**
 * gpt-oss takes a level, not on/off, and always thinks (Ollama's harmony parser), so "Let
 * reasoning models think" cannot turn it off: this sets how much.
 */
function ThinkLevel({ settings, update }: { settings: Settings; update: Update }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>How hard gpt-oss thinks</label>
      <select
        id={id}
        className="input"
        value={settings.chat.thinkLevel}
        aria-describedby={`${id}-hint`}
        onChange={(event) =>
          void update({
            chat: { thinkLevel: event.target.value as Settings['chat']['thinkLevel'] },
          })
        }
      >
        <option value="low">Low</option>
        <option value="medium">Medium</option>
        <option value="high">High</option>
      </select>
      <span id={`${id}-hint`} className="field-hint">
        For models that think at a level (gpt-oss). They always think, even with “Let reasoning
        models think” off; higher is slower and more careful.
      </span>
    </div>
  );
}

/** The cloud models the user agreed to send messages to, each to be forgotten (asked again). */
function CloudModelsAllowed({ settings, update }: { settings: Settings; update: Update }) {
  const allowed = settings.ollama.cloudModelsAllowed;
  if (allowed.length === 0) return null;
  const forget = (model: string) =>
    void update({
      ollama: { cloudModelsAllowed: allowed.filter((name) => name !== model) },
    });
  return (
    <div className="field" role="group" aria-label="Cloud models you agreed to">
      <span>Cloud models you agreed to</span>
      <ul className="cloud-allowed">
        {allowed.map((model) => (
          <li key={model}>
            <code>{model}</code>{' '}
            <button
              type="button"
              className="button"
              aria-label={`Forget ${model}`}
              onClick={() => forget(model)}
            >
              Forget
            </button>
          </li>
        ))}
      </ul>
      <span className="field-hint">
        Messages to these go to ollama.com without asking. A forgotten model is asked about again
        before its next message.
      </span>
    </div>
  );
}

function describeCheck(check: OllamaCheck): string {
  if (check.state === 'checking') return 'Checking…';
  if (check.state === 'failed') return `Could not check Ollama: ${check.message}`;
  const { status } = check;
  if (status.ok) return `Connected — Ollama ${status.version}`;
  // Main's sentence is written for anywhere in the app; here the address is the field above.
  const message = status.message
    .replace(/,? or change its address in Settings\.$/, '.')
    .replace('Check the address in Settings:', 'Check the address above:');
  return message.includes(status.host)
    ? message
    : `Could not reach Ollama at ${status.host}: ${message}`;
}

function checkTone(check: OllamaCheck): 'busy' | 'good' | 'bad' {
  if (check.state === 'checking') return 'busy';
  return check.state === 'done' && check.status.ok ? 'good' : 'bad';
}

/** The same reading of an address main makes (Ollama's own: a scheme and port may be left out). */
function checkHost(text: string): Check {
  const host = text.trim();
  if (host.length > 2_048) return { error: 'That address is too long.' };
  if (host) {
    try {
      ollamaClientAddress(host);
    } catch (error) {
      return {
        error: `Not an address Hearth can use: ${(error as Error).message}. For example ${DEFAULT_OLLAMA_HOST}.`,
      };
    }
  }
  return { patch: { ollama: { host } } };
}
