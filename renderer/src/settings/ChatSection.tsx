/**
 * The Chat section: the default model (from what Ollama has installed) and how a reply runs —
 * tool-call limits, context, temperature, thinking and the system prompt.
 */
import { useEffect, useId, useState } from 'react';
import { chatSettingsSchema, type Settings } from '../../../preload/contract';
import { useApi } from '../lib/apiContext';
import { isEmbeddingOnly, sameModel } from '../chat';
import { NumberSetting, Section, SwitchSetting, TextSetting } from './fields';
import type { Update } from './useDraft';
import type { ModelList, OllamaState } from './useOllama';

// Limits read from the contract's schema, so a field's range is main's range.
const chat = chatSettingsSchema.shape;
const LOOP_LIMIT = chat.loopLimit.unwrap();
const CALLS_PER_REPLY = chat.maxCallsPerReply.unwrap();
const SUDO_PROMPT = chat.sudoPromptSeconds.unwrap();
const CONTEXT_TOKENS = chat.contextTokens.unwrap();
const CONTEXT_CAP = chat.contextCapTokens.unwrap();
const TOOL_BUDGET = chat.toolBudgets.unwrap().valueType;
const MAX_RESULT_CHARS = chat.maxToolResultChars.unwrap();
const TEMPERATURE = chat.temperature.unwrap().unwrap();

/** The model list comes from the shared Ollama check, so it updates when the address changes. */
export function ChatSection(props: { settings: Settings; update: Update; ollama: OllamaState }) {
  const { settings, update, ollama } = props;
  const modelId = useId();
  const summaryModelId = useId();
  const embeddingOnly = useEmbeddingOnly(ollama.models);
  // Embedding-only models cannot chat, so they are not offered as the default.
  const installed =
    ollama.models.state === 'loaded'
      ? ollama.models.models.filter((model) => !embeddingOnly.has(model.name))
      : [];
  const current = settings.chat.model;
  const summaryModel = settings.chat.summaryModel;
  // The budget is per model: the default one, else the first installed, so it is there to set
  // before a default is chosen.
  const budgetModel = current || installed[0]?.name;
  return (
    <Section title="Chat">
      <div className="field">
        <label htmlFor={modelId}>Default model</label>
        <select
          id={modelId}
          className="input"
          value={installed.find((model) => sameModel(model.name, current))?.name ?? current}
          aria-describedby={`${modelId}-hint`}
          onChange={(event) => void update({ chat: { model: event.target.value } })}
        >
          <option value="">None chosen</option>
          {current && !installed.some((model) => sameModel(model.name, current)) && (
            <option value={current}>{current} (not installed)</option>
          )}
          {installed.map((model) => (
            <option key={model.name} value={model.name}>
              {model.parameterSize ? `${model.name} (${model.parameterSize})` : model.name}
            </option>
          ))}
        </select>
        <span id={`${modelId}-hint`} className="field-hint">
          {modelHint(ollama.models)}
        </span>
      </div>
      <NumberSetting
        label="Loop limit"
        hint="Most rounds of tool calls in one reply, so a looping model stops."
        saved={settings.chat.loopLimit}
        schema={LOOP_LIMIT}
        save={update}
        toPatch={(loopLimit) => ({ chat: { loopLimit } })}
      />
      <NumberSetting
        label="Tool calls per reply"
        hint="Most tool calls run from one reply of the model; the rest are answered as not run."
        saved={settings.chat.maxCallsPerReply}
        schema={CALLS_PER_REPLY}
        save={update}
        toPatch={(maxCallsPerReply) => ({ chat: { maxCallsPerReply } })}
      />
      <SwitchSetting
        label="Ask before every tool call"
        hint="Even for tools you chose to always allow."
        checked={settings.chat.askForEveryTool}
        onChange={(askForEveryTool) => void update({ chat: { askForEveryTool } })}
      />
      <SwitchSetting
        label="Run shell commands where the sandbox cannot run"
        hint="Without bubblewrap or socat, or on Windows, approved commands then run with your full rights. Off: they are refused."
        checked={settings.chat.shellWithoutSandbox}
        onChange={(shellWithoutSandbox) => void update({ chat: { shellWithoutSandbox } })}
      />
      <TextSetting
        label="Folder for shell commands"
        hint="Where commands run and may write, unless the model names another folder; the approval always shows which. Empty: ~/Hearth/work."
        placeholder="~/Hearth/work"
        saved={settings.chat.shellFolder}
        save={update}
        check={(text) =>
          chat.shellFolder.unwrap().safeParse(text.trim()).success
            ? { patch: { chat: { shellFolder: text.trim() } } }
            : { error: 'Use at most 4,096 characters.' }
        }
      />
      <TextSetting
        label="Variables shell commands get"
        hint="Names from Hearth's own environment, separated by spaces or commas. Commands get only these and the basics (HOME, PATH, USER, SHELL, TERM, LOGNAME)."
        placeholder="None"
        saved={settings.chat.shellVariables.join(' ')}
        save={update}
        check={(text) => {
          const names = text.split(/[\s,]+/).filter(Boolean);
          return chat.shellVariables.unwrap().safeParse(names).success
            ? { patch: { chat: { shellVariables: names } } }
            : {
                error: 'Use variable names only: letters, digits and _, not starting with a digit.',
              };
        }}
      />
      <NumberSetting
        label="Wait for the sudo password"
        hint="In seconds. Unanswered for longer, the command that asked for it is refused."
        saved={settings.chat.sudoPromptSeconds}
        schema={SUDO_PROMPT}
        save={update}
        toPatch={(sudoPromptSeconds) => ({ chat: { sudoPromptSeconds } })}
      />
      <NumberSetting
        label="Context length"
        hint="In tokens. 0 is automatic: sized from the model and the conversation."
        saved={settings.chat.contextTokens}
        schema={CONTEXT_TOKENS}
        save={update}
        toPatch={(contextTokens) => ({ chat: { contextTokens } })}
      />
      <NumberSetting
        label="Largest automatic context"
        hint="In tokens. Memory use grows with the context; automatic sizing never asks for more."
        saved={settings.chat.contextCapTokens}
        schema={CONTEXT_CAP}
        save={update}
        toPatch={(contextCapTokens) => ({ chat: { contextCapTokens } })}
      />
      <SwitchSetting
        label="Summarise older turns without asking"
        hint="When a conversation outgrows the model's context, its older turns are summarised before the next message is sent, instead of being left out. Off: the chat offers it."
        checked={settings.chat.summariseWithoutAsking}
        onChange={(summariseWithoutAsking) => void update({ chat: { summariseWithoutAsking } })}
      />
      <div className="field">
        <label htmlFor={summaryModelId}>Model for summaries</label>
        <select
          id={summaryModelId}
          className="input"
          value={
            installed.find((model) => sameModel(model.name, summaryModel))?.name ?? summaryModel
          }
          aria-describedby={`${summaryModelId}-hint`}
          onChange={(event) => void update({ chat: { summaryModel: event.target.value } })}
        >
          <option value="">The conversation's own model</option>
          {summaryModel && !installed.some((model) => sameModel(model.name, summaryModel)) && (
            <option value={summaryModel}>{summaryModel} (not installed)</option>
          )}
          {installed.map((model) => (
            <option key={model.name} value={model.name}>
              {model.parameterSize ? `${model.name} (${model.parameterSize})` : model.name}
            </option>
          ))}
        </select>
        <span id={`${summaryModelId}-hint`} className="field-hint">
          Writes the summaries that stand for older turns. A small, quick model does well.
        </span>
      </div>
      {budgetModel && (
        <NumberSetting
          key={budgetModel}
          label={`Tools per message for ${budgetModel}`}
          hint="Empty: from the model's size. 0: every enabled tool. Past it, the most relevant are sent."
          saved={settings.chat.toolBudgets[budgetModel] ?? null}
          schema={TOOL_BUDGET}
          save={update}
          emptyPatch={{
            chat: {
              toolBudgets: Object.fromEntries(
                Object.entries(settings.chat.toolBudgets).filter(
                  ([model]) => model !== budgetModel,
                ),
              ),
            },
          }}
          toPatch={(budget) => ({
            chat: { toolBudgets: { ...settings.chat.toolBudgets, [budgetModel]: budget } },
          })}
        />
      )}
      {budgetModel && (
        <SwitchSetting
          key={`text-calls-${budgetModel}`}
          label={`Read tool calls from ${budgetModel}’s text`}
          hint="When the model writes a tool call as text instead of calling the tool, Hearth reads it and asks you as for any call."
          checked={settings.chat.readTextCalls[budgetModel] !== false}
          onChange={(on) =>
            void update({
              chat: {
                readTextCalls: on
                  ? Object.fromEntries(
                      Object.entries(settings.chat.readTextCalls).filter(
                        ([model]) => model !== budgetModel,
                      ),
                    )
                  : { ...settings.chat.readTextCalls, [budgetModel]: false },
              },
            })
          }
        />
      )}
      <NumberSetting
        label="Temperature"
        hint="Empty: the model's own default. Lower is steadier, higher more varied."
        saved={settings.chat.temperature}
        schema={TEMPERATURE}
        step={0.1}
        emptyPatch={{ chat: { temperature: null } }}
        save={update}
        toPatch={(temperature) => ({ chat: { temperature } })}
      />
      <NumberSetting
        label="Max tool result size"
        hint="In characters. Longer results are cut for the model; you still see them whole."
        saved={settings.chat.maxToolResultChars}
        schema={MAX_RESULT_CHARS}
        save={update}
        toPatch={(maxToolResultChars) => ({ chat: { maxToolResultChars } })}
      />
      <SwitchSetting
        label="Let reasoning models think"
        hint="They think before answering; the thinking shows in a block you can open."
        checked={settings.chat.think}
        onChange={(think) => void update({ chat: { think } })}
      />
      <TextSetting
        label="System prompt"
        hint="Empty: Hearth's default prompt. A conversation can have its own."
        multiline
        placeholder="Hearth's default prompt"
        saved={settings.chat.systemPrompt}
        save={update}
        resetLabel="Reset to default"
        check={(text) =>
          chat.systemPrompt.unwrap().safeParse(text).success
            ? { patch: { chat: { systemPrompt: text } } }
            : { error: 'Use at most 20,000 characters.' }
        }
      />
    </Section>
  );
}

/** The installed models Ollama's /api/show calls embedding-only; asked once per list. */
function useEmbeddingOnly(models: ModelList): ReadonlySet<string> {
  const api = useApi();
  const [found, setFound] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (models.state !== 'loaded') return undefined;
    let live = true;
    void Promise.all(
      models.models.map((model) =>
        api.models.capabilities(model.name).then(
          (capabilities) => (isEmbeddingOnly(capabilities) ? [model.name] : []),
          () => [],
        ),
      ),
    ).then((names) => live && setFound(new Set(names.flat())));
    return () => void (live = false);
  }, [api, models]);
  return found;
}

function modelHint(models: ModelList): string {
  if (models.state === 'loading') return 'Looking for models…';
  // Why Ollama does not answer is said once, in the Ollama section's status line.
  if (models.state === 'unavailable') return 'Connect to Ollama to choose a model.';
  if (models.models.length === 0)
    return 'Ollama has no models yet. Pull one, for example with: ollama pull qwen3';
  return 'New conversations use this model; each conversation can switch.';
}
