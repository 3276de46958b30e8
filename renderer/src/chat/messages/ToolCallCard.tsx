/**
 * One tool call as a card: which server and tool, the arguments, where it stands (with progress
 * while it runs), how long it took, and its result: text, images, JSON. Long text starts
 * collapsed so one big result does not bury the conversation.
 */
import { lazy, memo, Suspense, useState } from 'react';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { Badge } from '../../ui/Badge';
import { ResourceLink } from '../../resources';
import { TaskElapsed } from './TaskElapsed';
import type { StoredMessage, ToolProgressEvent } from '../chatTypes';
import { useOpenConversationId } from '../openConversation';
import { revealHidden } from '../../lib/revealHidden';
import {
  CARD_STATES,
  COLLAPSED_LINES,
  collapsedText,
  isLongText,
  deniedText,
  formatDuration,
  prettyJson,
  resultBlocks,
  type CardState,
  type ResultBlock,
} from './toolResult';
import { useMessageContent } from './useMessageContent';
import { CutResultText } from './CutResultText';
import '../apps/mcpApp.css';

// MCP Apps' host side (the AppBridge and the SDK under it) loads only when a card shows an app.
const McpAppFrame = lazy(() =>
  import('../apps/McpAppFrame').then((module) => ({ default: module.McpAppFrame })),
);

export interface ToolCallView {
  callId: string;
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
  state: CardState;
  /** Why it failed, was refused or denied. */
  message: string | undefined;
  /** Why it ran without asking (a rule other than the user's answer to it), from main. */
  unaskedBecause?: string;
  durationMs: number | undefined;
  /** The whole result from a live event. */
  result: unknown;
  /** The saved tool message, when there is no live result (a conversation read from history). */
  saved: StoredMessage | undefined;
  progress: ToolProgressEvent | undefined;
  /** The MCP App (`ui://` resource) the tool declared, shown in the card. */
  appResourceUri?: string;
  /** That app's call's structured result as saved, for a call read from history. */
  appStructuredContent?: Record<string, unknown>;
  /** The text the model wrote the call as, when Hearth read the call from its reply's text. */
  fromText?: string;
}

/** States in which a call's app is shown: it runs, or it has a result. */
const APP_STATES = new Set<CardState>(['running', 'done', 'failed', 'finished']);

export const ToolCallCard = memo(function ToolCallCard({ call }: { call: ToolCallView }) {
  const { label, tone } = CARD_STATES[call.state];
  const name = call.server ? `${call.server} › ${call.tool}` : call.tool;
  const denied = call.state === 'denied';
  // A denied call's saved result is the sentence for the model; the card says it for the user.
  const message = denied ? deniedText(call.message, call.saved?.content) : call.message;
  const blocks: ResultBlock[] =
    call.result !== undefined
      ? resultBlocks(call.result)
      : call.saved && !denied
        ? [{ kind: 'text', text: call.saved.content }]
        : [];
  // A long result read from history came as its beginning; the rest is read when asked for.
  const shortened = call.result === undefined ? call.saved?.fullLength : undefined;
  const showMessage =
    message && !blocks.some((block) => block.kind === 'text' && block.text === message);
  const conversationId = useOpenConversationId();
  const api = useApi();
  const [appFailure, setAppFailure] = useState<{ uri: string; reason: string }>();
  const appUri = call.appResourceUri;
  const appFailed = appUri !== undefined && appFailure?.uri === appUri;
  const showsApp =
    appUri !== undefined &&
    conversationId !== undefined &&
    !appFailed &&
    APP_STATES.has(call.state);
  const resultView = blocks.length > 0 && (
    <div className="tool-card-result" role="group" aria-label="Result">
      {shortened !== undefined && call.saved ? (
        <ShortenedResult messageId={call.saved.id} preview={call.saved.content} total={shortened} />
      ) : (
        blocks.map((block, index) => (
          <ResultBlockView key={index} block={block} server={call.server} callId={call.callId} />
        ))
      )}
    </div>
  );
  return (
    <article className={`tool-card tool-card-${call.state}`} aria-label={`Tool call ${name}`}>
      <header className="tool-card-header">
        <span className="tool-card-name">
          {call.server && <span className="tool-card-server">{call.server}</span>}
          <code className="tool-card-tool">{call.tool}</code>
        </span>
        <Badge tone={tone}>{label}</Badge>
        {call.durationMs !== undefined && (
          <span className="tool-card-duration muted">{formatDuration(call.durationMs)}</span>
        )}
      </header>
      {call.fromText !== undefined && (
        <details className="tool-card-from-text">
          <summary>Read from the model’s text</summary>
          <p className="muted">
            The model wrote this call as text instead of as a tool call; Hearth read it. It was
            written:
          </p>
          <pre className="code">{revealHidden(call.fromText)}</pre>
        </details>
      )}
      <details className="tool-card-arguments" open={call.state === 'waiting-approval'}>
        <summary>Arguments</summary>
        <pre className="code">{revealHidden(prettyJson(call.arguments))}</pre>
      </details>
      {call.state === 'running' && (
        <ToolProgress
          tool={call.tool}
          progress={call.progress}
          onCancelTask={
            conversationId === undefined
              ? undefined
              : () => api.chat.cancelTask(conversationId, call.callId)
          }
        />
      )}
      {call.unaskedBecause && <p className="tool-card-unasked muted">{call.unaskedBecause}</p>}
      {showMessage && <p className="tool-card-message">{message}</p>}
      {showsApp && (
        <Suspense fallback={<p className="muted mcp-app-loading">Loading the app…</p>}>
          <McpAppFrame
            conversationId={conversationId}
            callId={call.callId}
            server={call.server}
            tool={call.tool}
            resourceUri={appUri}
            arguments={call.arguments}
            result={call.result ?? savedAppResult(call)}
            onFailed={(reason) => setAppFailure({ uri: appUri, reason })}
          />
        </Suspense>
      )}
      {appFailed && (
        <p className="tool-card-message" role="status">
          The app could not be shown: {appFailure.reason}
        </p>
      )}
      {showsApp && resultView ? (
        <details className="tool-card-text-result">
          <summary>Result as text (what the model read)</summary>
          {resultView}
        </details>
      ) : (
        resultView
      )}
    </article>
  );
});

/** Task states in which the task still runs on its server, so it can be cancelled. */
const TASK_RUNNING = new Set(['working', 'input_required']);

function ToolProgress({
  tool,
  progress,
  onCancelTask,
}: {
  tool: string;
  progress: ToolProgressEvent | undefined;
  /** Cancels this call's task alone (the turn goes on); true when main found it running. */
  onCancelTask: (() => Promise<boolean>) | undefined;
}) {
  const [cancel, setCancel] = useState<'asking' | 'refused' | string>();
  if (!progress) return null;
  const percent =
    progress.total && progress.total > 0
      ? Math.min(100, Math.round((progress.progress / progress.total) * 100))
      : undefined;
  const cancellable =
    onCancelTask !== undefined && progress.task && TASK_RUNNING.has(progress.task.status);
  const cancelTask = async () => {
    if (!onCancelTask) return;
    setCancel('asking');
    try {
      setCancel((await onCancelTask()) ? 'asking' : 'refused');
    } catch (reason) {
      setCancel(messageOf(reason));
    }
  };
  return (
    <div className="tool-card-progress">
      {/* Without a total the bar is indeterminate (no value), never drawn full. */}
      <div
        className={`progress${percent === undefined ? ' progress-indeterminate' : ''}`}
        role="progressbar"
        aria-label={`Progress of ${tool}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={progress.message}
      >
        <div
          className="progress-fill"
          style={percent === undefined ? undefined : { width: `${percent}%` }}
        />
      </div>
      <span className="tool-card-progress-line">
        <span className="muted">
          {progress.task && <TaskElapsed task={progress.task} />}
          {progress.task && progress.message && ' · '}
          {progress.message}
          {percent !== undefined && ` ${percent}%`}
        </span>
        {cancellable && (
          <button
            type="button"
            className="button small"
            disabled={cancel === 'asking'}
            onClick={() => void cancelTask()}
          >
            {cancel === 'asking' ? 'Cancelling…' : 'Cancel this task'}
          </button>
        )}
      </span>
      {cancel === 'refused' && (
        <span className="muted" role="status">
          The task had already ended.
        </span>
      )}
      {cancel !== undefined && cancel !== 'asking' && cancel !== 'refused' && (
        <span className="field-error" role="alert">
          Could not cancel the task: {cancel}
        </span>
      )}
    </div>
  );
}

function ResultBlockView({
  block,
  server,
  callId,
}: {
  block: ResultBlock;
  server: string;
  callId: string;
}) {
  switch (block.kind) {
    case 'link':
      return <ResourceLink server={server} uri={block.uri} name={block.name} />;
    case 'text':
      return block.cut ? (
        <CutResultText callId={callId} preview={block.text} {...block.cut} />
      ) : (
        <LongText text={block.text} />
      );
    case 'json':
      return <LongText text={block.text} />;
    case 'image':
      return (
        <img
          className="tool-card-image"
          src={block.src}
          alt={`Image from the tool (${block.mimeType})`}
        />
      );
    case 'resource':
      return (
        <div className="tool-card-resource">
          <code>{block.uri}</code>
          {block.text !== undefined && <LongText text={block.text} />}
        </div>
      );
  }
}

/** Text shown whole when short, else its first lines and "Show all (N lines)". */
function LongText({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const lines = text.split('\n');
  const long = isLongText(text);
  return (
    <div className="long-text">
      <pre className="code">{revealHidden(long && !expanded ? collapsedText(text) : text)}</pre>
      {long && (
        <button
          type="button"
          className="button small"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded
            ? 'Show less'
            : `Show all (${lines.length > COLLAPSED_LINES ? `${lines.length} lines` : `${text.length.toLocaleString('en')} characters`})`}
        </button>
      )}
    </div>
  );
}

/** A saved result main sent as its beginning: its first lines, and the whole read on demand. */
function ShortenedResult({
  messageId,
  preview,
  total,
}: {
  messageId: number;
  preview: string;
  total: number;
}) {
  const { whole, load } = useMessageContent(useOpenConversationId(), messageId);
  const [expanded, setExpanded] = useState(false);
  const shown = expanded && whole.state === 'loaded' ? whole.text : collapsedText(preview);
  const toggle = () => {
    if (!expanded && whole.state !== 'loaded') load();
    setExpanded(!expanded);
  };
  return (
    <div className="long-text">
      <pre className="code">{revealHidden(shown)}</pre>
      {expanded && whole.state === 'failed' && (
        <p className="tool-card-message" role="alert">
          The rest of this result could not be read: {whole.message}
        </p>
      )}
      <button
        type="button"
        className="button small"
        aria-expanded={expanded && whole.state === 'loaded'}
        aria-busy={whole.state === 'loading'}
        onClick={toggle}
      >
        {expanded
          ? whole.state === 'loading'
            ? 'Loading the whole result…'
            : 'Show less'
          : `Show all (${total.toLocaleString('en')} characters)`}
      </button>
    </div>
  );
}

/** A call read from history, as its app gets it: the text the model read, and what was kept. */
function savedAppResult(call: ToolCallView): unknown {
  if (!call.saved) return undefined;
  return {
    content: [{ type: 'text', text: call.saved.content }],
    ...(call.appStructuredContent ? { structuredContent: call.appStructuredContent } : {}),
  };
}
