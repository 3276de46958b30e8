/**
 * Where the user writes: Enter sends, Shift+Enter starts a new line. While a turn runs the field
 * stays open and Stop is offered; a message sent then is queued, shown as a removable chip, and
 * sent when the turn ends (after Stop it goes back into the field instead). `draft` puts a text in the field (Edit on the last message); while
 * editing, sending replaces that message instead of adding one. `/` at the start lists the
 * servers' prompts (slash commands) and `@` lists their resources to attach. The paperclip and a
 * paste attach the user's own files (their state is `files`, from useAttachments.ts, which the
 * chat's drop target feeds too).
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { AttachmentRef, PromptRun } from '../../../../preload/schemas/content';
import type { FileRef } from '../../../../preload/schemas/files';
import { FILE_LIMITS_IN_WORDS } from '../../../../preload/schemas/fileKinds';
import { useApi } from '../../lib/apiContext';
import { ComposerChips, type PendingAttachment } from './AttachmentChips';
import { MentionPicker, optionId, SlashCommandPicker } from './CommandPickers';
import { ArgumentForm, templateVariables } from '../../resources';
import { ContextBar } from './ContextBar';
import { FileChips } from './FileChips';
import { ScreenshotButton } from './screenshot';
import type { Attachments } from './useAttachments';
import { useContextUsage } from './useContextUsage';
import { promptRun, templateAttachment, useComposerCommands } from './useComposerCommands';

/** The message field's id, for the shortcut that goes to it. */
export const MESSAGE_FIELD_ID = 'message-field';

export interface Draft {
  text: string;
  /** `false`: a new message to send (one an MCP App wrote), not an edit of the last one. */
  edit?: boolean;
  /** What the edit does, said above the field (an earlier message's edit starts a branch). */
  note?: string;
}

export interface ComposerProps {
  running: boolean;
  /** The conversation on screen: a queued message is sent only to the one it was written in. */
  conversationId?: string | undefined;
  /** A new object puts its text in the field and starts editing the last message. */
  draft: Draft | undefined;
  /** Resolves false when the message was not accepted: the text comes back, the chips stay. */
  onSend(text: string, attachments: AttachmentRef[], files: FileRef[]): Promise<boolean>;
  onResend(text: string): Promise<boolean>;
  /** Runs a server's prompt as the start of a turn; false when it was not accepted. */
  onRunPrompt(run: PromptRun): Promise<boolean>;
  onStop(): void;
  /** The model the next message goes to, for the context bar. */
  model?: string | undefined;
  /** Changes when the conversation's messages do: the context bar is sized again. */
  messagesKey?: unknown;
  /** The user's files on the message (one state for the paperclip, drops and pastes). */
  files: Attachments;
}

export function Composer(props: ComposerProps) {
  const { running, draft, onSend, onResend, onStop, conversationId, files } = props;
  const api = useApi();
  const pickerId = useId();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState(false);
  const [seenDraft, setSeenDraft] = useState(draft);
  const editNote =
    seenDraft?.note ?? 'Editing your last message; sending replaces it and the reply.';
  if (draft !== seenDraft) {
    setSeenDraft(draft);
    if (draft) {
      setText(draft.text);
      setEditing(draft.edit !== false);
    }
  }
  const [caret, setCaret] = useState(0);
  const field = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const limitsId = useId();
  const commands = useComposerCommands(api, text, caret);
  const { picker, highlighted, form, attachments } = commands;
  const [queued, setQueued] = useState<Queued>();
  const [screenshotProblem, setScreenshotProblem] = useState<string>();
  const refs = attachments.map(({ server, uri, name }) => ({ server, uri, name }));
  const context = useContextUsage(api, {
    conversationId,
    model: props.model,
    text,
    attachments: refs,
    files: files.refs,
    messagesKey: props.messagesKey,
  });
  /** Summarises the older turns the next message would leave out; a sentence when it could not. */
  const summarise = () =>
    api.chat
      .summarise({
        ...(conversationId ? { conversationId } : {}),
        ...(props.model ? { model: props.model } : {}),
        text,
        attachments: refs,
        ...(files.refs.length ? { files: [...files.refs] } : {}),
      })
      .then(
        () => (context.refresh(), undefined),
        (error: unknown) => (error as Error).message,
      );
  const stopped = useRef(false);
  useEffect(() => {
    if (!running && focusIsFree(field.current)) field.current?.focus();
  }, [running, draft]);

  /** Sends a message now; on refusal its text comes back into the field. */
  const send = async (
    message: string,
    sending: PendingAttachment[],
    sendingFiles: readonly FileRef[],
    wasEditing: boolean,
  ) => {
    const refs = sending.map(({ server, uri, name }) => ({ server, uri, name }));
    const accepted = await (wasEditing
      ? onResend(message)
      : onSend(message, refs, [...sendingFiles]));
    if (!accepted) {
      setText((typed) => (typed ? `${message}\n\n${typed}` : message));
      setEditing(wasEditing);
    } else if (!wasEditing) {
      commands.release(sending);
      files.sent(sendingFiles);
    }
  };

  // The turn ended: the queued message goes, unless the user stopped the turn or moved on.
  const latest = useRef({ queued, attachments, fileRefs: files.refs, conversationId, send });
  useEffect(() => {
    latest.current = { queued, attachments, fileRefs: files.refs, conversationId, send };
  });
  useEffect(() => {
    if (running) {
      stopped.current = false;
      return;
    }
    const { queued: waiting, attachments: chips, fileRefs, conversationId: here } = latest.current;
    if (!waiting) return;
    setQueued(undefined);
    const sameChat = !waiting.conversationId || waiting.conversationId === here;
    if (stopped.current || !sameChat) {
      setText((typed) => (typed ? `${waiting.text}\n\n${typed}` : waiting.text));
    } else {
      // The chips still on the composer go with it, as they would have with Send.
      void latest.current.send(waiting.text, chips, fileRefs, false);
    }
  }, [running]);

  const submit = async () => {
    const message = text.trim();
    // Sending waits for the files still uploading (the button says so).
    if (files.uploading) return;
    if (!message && attachments.length === 0 && files.refs.length === 0) return;
    if (running) {
      if (editing || !message) return;
      // One queued message at a time: more text joins it.
      setQueued((before) => ({
        text: before ? `${before.text}\n\n${message}` : message,
        conversationId: before?.conversationId ?? conversationId,
      }));
      setText('');
      return;
    }
    const wasEditing = editing;
    setText('');
    setEditing(false);
    await send(message, attachments, wasEditing ? [] : files.refs, wasEditing);
  };

  const runPrompt = async (run: PromptRun) => {
    if (running) return;
    commands.setForm(undefined);
    if (!(await props.onRunPrompt(run))) setText(`/${run.name}`);
  };

  const choose = (index: number) => {
    if (!picker) return;
    if (picker.kind === 'slash') {
      const prompt = picker.items[index];
      if (!prompt) return;
      setText('');
      if (prompt.arguments.length === 0) void runPrompt(promptRun(prompt, {}));
      else commands.setForm({ kind: 'prompt', prompt });
      return;
    }
    const mention = picker.items[index];
    if (!mention) return;
    // The typed `@word` goes; what it named becomes a chip.
    const rest = text.slice(0, picker.start) + text.slice(caret);
    setText(rest);
    setCaret(picker.start);
    if (mention.kind === 'resource') {
      const { server, uri, title, name } = mention.item;
      commands.attach({ server, uri, name: title ?? name });
    } else {
      commands.setForm({ kind: 'template', template: mention.item });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (picker && !event.nativeEvent.isComposing) {
      const keys: Record<string, () => void> = {
        ArrowDown: () => commands.move(1),
        ArrowUp: () => commands.move(-1),
        Escape: () => commands.dismiss(),
        Enter: () => choose(highlighted),
        Tab: () => choose(highlighted),
      };
      const action = keys[event.key];
      if (action && (picker.items.length > 0 || event.key === 'Escape') && !event.shiftKey) {
        event.preventDefault();
        action();
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <div className="composer-area">
      {picker?.kind === 'slash' && (
        <SlashCommandPicker
          id={pickerId}
          items={picker.items}
          active={highlighted}
          onChoose={(item) => choose(picker.items.indexOf(item))}
        />
      )}
      {picker?.kind === 'mention' && (
        <MentionPicker
          id={pickerId}
          items={picker.items}
          active={highlighted}
          onChoose={(item) => choose(picker.items.indexOf(item))}
        />
      )}
      {form?.kind === 'prompt' && (
        <ArgumentForm
          key={`${form.prompt.server}/${form.prompt.name}`}
          label={`Arguments of ${form.prompt.name}`}
          heading={`/${form.prompt.name} · ${form.prompt.server}`}
          description={form.prompt.description}
          fields={form.prompt.arguments}
          submitLabel="Run prompt"
          complete={commands.completer(form.prompt.server, {
            type: 'ref/prompt',
            name: form.prompt.name,
          })}
          onSubmit={(values) => void runPrompt(promptRun(form.prompt, values))}
          onCancel={() => commands.setForm(undefined)}
        />
      )}
      {form?.kind === 'template' && (
        <ArgumentForm
          key={`${form.template.server}/${form.template.uriTemplate}`}
          label={`Fill in ${form.template.name}`}
          heading={`${form.template.title ?? form.template.name} · ${form.template.server}`}
          description={form.template.uriTemplate}
          fields={templateVariables(form.template.uriTemplate).map((name) => ({
            name,
            required: true,
          }))}
          submitLabel="Attach"
          complete={commands.completer(form.template.server, {
            type: 'ref/resource',
            uri: form.template.uriTemplate,
          })}
          onSubmit={(values) => {
            commands.attach(templateAttachment(form.template, values));
            commands.setForm(undefined);
            field.current?.focus();
          }}
          onCancel={() => commands.setForm(undefined)}
        />
      )}
      <form className="composer" onSubmit={onSubmit} aria-label="Write a message">
        {editing && (
          <p className="composer-editing">
            {editNote}
            <button
              type="button"
              className="button small"
              onClick={() => {
                setEditing(false);
                setText('');
              }}
            >
              Cancel edit
            </button>
          </p>
        )}
        {queued && (
          <p className="composer-queued" role="status">
            <span className="composer-queued-label">Queued — sends when this reply ends:</span>
            <span className="composer-queued-text">{queued.text}</span>
            <button
              type="button"
              className="chip-remove"
              aria-label="Remove the queued message"
              onClick={() => setQueued(undefined)}
            >
              ×
            </button>
          </p>
        )}
        <ComposerChips items={attachments} onRemove={(item) => commands.release([item])} />
        <FileChips chips={files.chips} notice={files.notice} onRemove={files.remove} />
        <div className="composer-row">
          <button
            type="button"
            className="button composer-attach"
            aria-label="Attach files"
            aria-describedby={limitsId}
            title={`Attach files. ${FILE_LIMITS_IN_WORDS}`}
            onClick={() => fileInput.current?.click()}
          >
            <PaperclipIcon />
          </button>
          <span id={limitsId} hidden>
            {FILE_LIMITS_IN_WORDS}
          </span>
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            data-testid="attach-files-input"
            onChange={(event) => {
              const picked = [...(event.target.files ?? [])];
              // The same file may be picked again later.
              event.target.value = '';
              files.addFiles(picked);
            }}
          />
          <textarea
            ref={field}
            id={MESSAGE_FIELD_ID}
            className="input composer-input"
            aria-label="Message"
            placeholder={
              running
                ? 'Write the next message; Enter queues it until this reply ends'
                : 'Message the model (Enter sends, / for prompts, @ for resources)'
            }
            rows={3}
            value={text}
            aria-autocomplete="list"
            aria-controls={picker ? pickerId : undefined}
            aria-activedescendant={
              picker && picker.items.length > 0 ? optionId(pickerId, highlighted) : undefined
            }
            onChange={(event) => {
              setText(event.target.value);
              setCaret(event.target.selectionStart);
              commands.resetHighlight();
            }}
            onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
            onKeyDown={onKeyDown}
            onPaste={(event) => {
              // Images and files from the clipboard attach; pasted text stays text.
              const pasted = [...event.clipboardData.files];
              if (pasted.length === 0) return;
              event.preventDefault();
              files.addFiles(pasted);
            }}
          />
          {running ? (
            <>
              {text.trim() !== '' && !editing && (
                <button type="submit" className="button">
                  Queue
                </button>
              )}
              <button
                type="button"
                className="button"
                data-action="stop"
                onClick={() => {
                  stopped.current = true;
                  onStop();
                }}
              >
                Stop
              </button>
            </>
          ) : (
            <button
              type="submit"
              className="button primary"
              disabled={
                files.uploading ||
                (!text.trim() && attachments.length === 0 && files.refs.length === 0)
              }
              title={files.uploading ? 'Sends once the files have uploaded' : undefined}
            >
              {editing ? 'Send edit' : 'Send'}
            </button>
          )}
        </div>
        {screenshotProblem && (
          <p className="notice notice-error composer-problem" role="alert">
            {screenshotProblem}
          </p>
        )}
        <div className="composer-tools">
          <ScreenshotButton
            api={api}
            onKept={(shot) => {
              setScreenshotProblem(undefined);
              files.addKept(shot.name, shot.file);
            }}
            onFile={(file) => {
              setScreenshotProblem(undefined);
              files.addFiles([file]);
            }}
            onProblem={setScreenshotProblem}
          />
        </div>
        <ContextBar usage={context.usage} onSummarise={summarise} />
      </form>
    </div>
  );
}

function PaperclipIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M21 11.5l-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l8.6-8.6a3.7 3.7 0 0 1 5.2 5.2l-8.6 8.6a1.8 1.8 0 0 1-2.6-2.6l7.9-7.9"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A message written while a reply streams, sent when that reply ends. */
interface Queued {
  text: string;
  conversationId: string | undefined;
}

/**
 * Back to the message field when a turn ends, unless the user has meanwhile gone to a field
 * elsewhere (the search box, a server form): taking focus there would send their keys here.
 */
function focusIsFree(field: HTMLElement | null): boolean {
  const active = field?.ownerDocument.activeElement;
  if (!field || !active || active === field.ownerDocument.body) return true;
  return field.closest('.chat-view')?.contains(active) ?? false;
}
