/**
 * One saved message, and the reply still streaming. A saved bubble re-renders only when its
 * own message, its tool calls or its actions change, so a streaming delta (which changes only
 * the turn) leaves every older message alone.
 */
import { memo } from 'react';
import { MenuButton } from '../../ui/MenuButton';
import { MessageAttachments } from '../composer/AttachmentChips';
import { MessageFiles } from './MessageFiles';
import type { StoredMessage, ToolCallEvent, ToolProgressEvent } from '../chatTypes';
import type { Turn } from '../conversationState';
import { Markdown } from '../../markdown/LazyMarkdown';
import { OfferedTools } from './OfferedTools';
import { ToolCallCard, type ToolCallView } from './ToolCallCard';
import { cardStateOf } from './toolResult';
import { VersionSwitcher } from './VersionSwitcher';

export interface BubbleProps {
  message: StoredMessage;
  toolResults: Readonly<Record<string, StoredMessage>>;
  calls: Readonly<Record<string, ToolCallEvent>>;
  progress: Readonly<Record<string, ToolProgressEvent>>;
  turnRunning: boolean;
  /** True on the last user message when it can be sent again. */
  canResend: boolean;
  /**
   * True when the message can be edited (a user message) or its reply regenerated (the last
   * message of a reply): nothing is being written and the conversation is saved.
   */
  canBranch?: boolean;
  /** Installed models another version of a reply can be written by. */
  otherModels?: readonly string[];
  /**
   * True on the last assistant message of a turn: the tools offered are shown once per turn, not
   * under each round of tool calls.
   */
  showOfferedTools?: boolean;
  onRetry(): void;
  onEdit(text: string, messageId: number): void;
  onRegenerate?(messageId: number, model?: string): void;
  onShowVersion?(messageId: number, direction: 'previous' | 'next'): void;
  /** This message was just switched to: focus goes back to the switcher's button. */
  focusSwitcher?: 'previous' | 'next' | undefined;
}

export const MessageBubble = memo(function MessageBubble(props: BubbleProps) {
  const { message } = props;
  if (message.role === 'user') {
    const files = message.attachments?.filter((attachment) => attachment.file) ?? [];
    const resources = message.attachments?.filter((attachment) => !attachment.file) ?? [];
    return (
      <article className="message message-user" aria-label="You">
        {message.content && <div className="message-text">{message.content}</div>}
        {files.length > 0 && <MessageFiles attachments={files} />}
        {resources.length > 0 && <MessageAttachments attachments={resources} />}
        {(props.canResend || props.canBranch || hasVersions(message)) && (
          <div className="message-actions">
            <Versions {...props} />
            {props.canResend && (
              <button type="button" className="button small" onClick={props.onRetry}>
                Retry
              </button>
            )}
            {(props.canResend || props.canBranch) && (
              <button
                type="button"
                className="button small"
                onClick={() => props.onEdit(message.content, message.id)}
              >
                Edit
              </button>
            )}
          </div>
        )}
      </article>
    );
  }
  const cards = (message.toolCalls ?? []).map((stored): ToolCallView => {
    const live = props.calls[stored.id];
    const saved = props.toolResults[stored.id];
    const fromText = live?.fromText ?? stored.fromText;
    return {
      callId: stored.id,
      server: live?.server ?? stored.server,
      tool: live?.tool ?? stored.tool,
      arguments: live?.arguments ?? stored.arguments,
      state: cardStateOf(live?.state, stored, saved !== undefined, props.turnRunning),
      message: live?.message,
      ...(live?.unaskedBecause ? { unaskedBecause: live.unaskedBecause } : {}),
      durationMs: live?.durationMs,
      result: live?.result,
      saved,
      progress: props.progress[stored.id],
      ...(stored.appResourceUri ? { appResourceUri: stored.appResourceUri } : {}),
      ...(stored.appStructuredContent ? { appStructuredContent: stored.appStructuredContent } : {}),
      ...(fromText !== undefined ? { fromText } : {}),
    };
  });
  return (
    <article className="message message-assistant" aria-label="Assistant">
      {message.thinking && <Thinking text={message.thinking} streaming={false} />}
      {message.content && <Markdown text={message.content} />}
      {cards.map((card) => (
        <ToolCallCard key={card.callId} call={card} />
      ))}
      {message.request && props.showOfferedTools !== false && (
        <OfferedTools request={message.request} />
      )}
      {(props.canBranch || hasVersions(message)) && (
        <div className="message-actions message-actions-reply">
          <Versions {...props} />
          {props.canBranch && props.onRegenerate && (
            <RegenerateActions
              messageId={message.id}
              otherModels={props.otherModels ?? []}
              onRegenerate={props.onRegenerate}
            />
          )}
        </div>
      )}
    </article>
  );
}, sameBubble);

function hasVersions(message: StoredMessage): boolean {
  return (message.versions?.length ?? 0) > 1;
}

function Versions(props: BubbleProps) {
  const { message, onShowVersion } = props;
  if (!hasVersions(message) || !message.versions || !onShowVersion) return null;
  return (
    <VersionSwitcher
      versions={message.versions}
      current={message.id}
      enabled={!props.turnRunning}
      onShow={onShowVersion}
      focus={props.focusSwitcher}
    />
  );
}

/** Regenerate a reply by the conversation's model, or by another installed one. */
function RegenerateActions({
  messageId,
  otherModels,
  onRegenerate,
}: {
  messageId: number;
  otherModels: readonly string[];
  onRegenerate(messageId: number, model?: string): void;
}) {
  return (
    <>
      <button type="button" className="button small" onClick={() => onRegenerate(messageId)}>
        Regenerate
      </button>
      {otherModels.length > 0 && (
        <MenuButton
          label="Regenerate with another model…"
          className="regenerate-with"
          items={otherModels.map((model) => ({
            label: model,
            onSelect: () => onRegenerate(messageId, model),
          }))}
        />
      )}
    </>
  );
}

/** Whether a bubble can skip re-rendering: nothing it shows changed (a delta changes nothing here). */
export function sameBubble(before: BubbleProps, after: BubbleProps): boolean {
  if (
    before.message !== after.message ||
    before.canResend !== after.canResend ||
    before.canBranch !== after.canBranch ||
    before.otherModels !== after.otherModels ||
    before.focusSwitcher !== after.focusSwitcher ||
    before.onRegenerate !== after.onRegenerate ||
    before.onShowVersion !== after.onShowVersion ||
    (hasVersions(after.message) && before.turnRunning !== after.turnRunning) ||
    before.showOfferedTools !== after.showOfferedTools ||
    before.onRetry !== after.onRetry ||
    before.onEdit !== after.onEdit
  )
    return false;
  const ids = (after.message.toolCalls ?? []).map((call) => call.id);
  if (ids.length > 0 && before.turnRunning !== after.turnRunning) return false;
  return ids.every(
    (id) =>
      before.calls[id] === after.calls[id] &&
      before.progress[id] === after.progress[id] &&
      before.toolResults[id] === after.toolResults[id],
  );
}

/** The reply being written: thinking, text so far, and calls no saved message lists yet. */
export function StreamingMessage({
  turn,
  calls,
  progress,
}: {
  turn: Turn;
  calls: ToolCallEvent[];
  progress: Readonly<Record<string, ToolProgressEvent>>;
}) {
  return (
    <article
      className="message message-assistant streaming"
      aria-label="Assistant"
      aria-busy="true"
    >
      {turn.thinking && <Thinking text={turn.thinking} streaming />}
      {turn.content && <Markdown text={turn.content} />}
      {calls.map((call) => (
        <ToolCallCard
          key={call.callId}
          call={{
            callId: call.callId,
            server: call.server,
            tool: call.tool,
            arguments: call.arguments,
            state: call.state,
            message: call.message,
            ...(call.unaskedBecause ? { unaskedBecause: call.unaskedBecause } : {}),
            durationMs: call.durationMs,
            result: call.result,
            saved: undefined,
            progress: progress[call.callId],
            ...(call.fromText !== undefined ? { fromText: call.fromText } : {}),
          }}
        />
      ))}
    </article>
  );
}

function Thinking({ text, streaming }: { text: string; streaming: boolean }) {
  return (
    <details className="thinking">
      <summary>{streaming ? 'Thinking…' : 'Thought for a moment'}</summary>
      <div className="thinking-text">{text}</div>
    </details>
  );
}
