/**
 * The chat's main area: the conversation's title and model, the messages (virtualised, with the
 * reply streaming into its own row), where the turn stands, and the composer. Before there is a
 * conversation it says what is missing: Ollama, a model, or just a first message.
 */
import { useCallback, useMemo, useRef, useState, type DragEvent } from 'react';
import type { AttachmentRef, PromptRun } from '../../../preload/schemas/content';
import type { FileRef } from '../../../preload/schemas/files';
import { useApi } from '../lib/apiContext';
import { openLink } from '../lib/links';
import { messageOf, useSettings } from '../lib/hooks';
import { useNavigation } from '../lib/navigation';
import { Composer, type Draft } from './composer/Composer';
import { useAttachments } from './composer/useAttachments';
import { VisionRefusal, visionProblem, type VisionProblem } from './composer/VisionRefusal';
import { isRunning, unattachedCalls, visibleMessages, waitingOnUser } from './conversationState';
import { EarlierMessages } from './messages/EarlierMessages';
import { NoModels, OllamaUnreachable, Welcome } from './messages/EmptyStates';
import { MessageBubble, StreamingMessage } from './messages/MessageBubble';
import { MessageList } from './messages/MessageList';
import { OpenConversationContext } from './openConversation';
import { AppHostContext } from './apps/appHostContext';
import { ModelPicker } from './models/ModelPicker';
import { useCloudConsent } from './models/CloudConsent';
import { isCloudModel, isEmbeddingOnly, sameModel } from './models/modelFacts';
import { PullModel } from './models/PullModel';
import { ConversationOptionsButton } from './models/ConversationOptionsButton';
import { ExportDialog } from './conversations/TransferDialogs';
import { SummaryCard } from './messages/SummaryCard';
import { atSummary, useContextSummary } from './messages/useContextSummary';
import { TurnStatus } from './messages/TurnStatus';
import { useConversation } from './useConversation';
import { useModels, usePulls } from './models/useModels';
import './chat.css';

const EDIT_NOTE =
  'Editing your message: sending adds a new version of it and a new reply. The old ones are kept.';

export function ChatView() {
  const api = useApi();
  const navigation = useNavigation();
  const settings = useSettings(api);
  const ollama = useModels(api);
  const { refresh } = ollama;
  const onPulled = useCallback(() => void refresh(), [refresh]);
  const pulls = usePulls(api, onPulled);
  const conversation = useConversation(api, navigation.conversationId, (id) =>
    navigation.openChat(id),
  );
  const { state, resend, edit, regenerate, showVersion } = conversation;
  const running = isRunning(state);
  const files = useAttachments(api);
  const [vision, setVision] = useState<VisionProblem>();
  const drop = useFileDrop(files.addFiles);

  // A model chosen here applies to this view until another conversation opens.
  const [chosen, setChosen] = useState<{ conversationId: string | undefined; model: string }>();
  const chosenModel =
    chosen && chosen.conversationId === state.conversationId ? chosen.model : undefined;
  const defaultModel = settings.settings?.chat.model ?? '';
  // Without a default, the first installed model that can chat (never an embedding model), and
  // never a cloud model: the user picks one of those themselves.
  const firstChatModel = ollama.models?.find(
    (installed) => !isEmbeddingOnly(ollama.capabilities[installed.name]) && !installed.remote,
  )?.name;
  const model = chosenModel ?? state.model ?? (defaultModel || (firstChatModel ?? ''));
  // The conversation keeps its own model (retries included); the default in Settings stays.
  const chooseModel = (name: string) => {
    setVision(undefined);
    setChosen({ conversationId: state.conversationId, model: name });
    conversation.modelChanged();
    if (state.conversationId)
      api.conversations.setOptions(state.conversationId, { model: name }).catch(() => undefined);
  };
  const defaultMissing =
    !state.conversationId &&
    !chosenModel &&
    defaultModel !== '' &&
    ollama.models !== undefined &&
    ollama.models.length > 0 &&
    !ollama.models.some((installed) => sameModel(installed.name, defaultModel));

  const [draft, setDraft] = useState<Draft>();
  const [sent, setSent] = useState(0);
  const [pullOpen, setPullOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  const visible = useMemo(() => visibleMessages(state.messages), [state.messages]);
  const orphans = useMemo(() => unattachedCalls(state), [state]);
  const lastUserId = visible.findLast((message) => message.role === 'user')?.id;
  const streaming =
    state.turn !== undefined &&
    (state.turn.content !== '' || state.turn.thinking !== '' || orphans.length > 0);
  const summary = useContextSummary(api, state.conversationId);
  // The summary's card sits where the turns it stands for end: before the first message after.
  const summaryAt = summary.current
    ? atSummary(visible, summary.current.throughMessageId)
    : undefined;
  const keys = useMemo(() => {
    const rows: (string | number)[] = visible.map((message) => message.id);
    if (summaryAt !== undefined) rows.splice(summaryAt, 0, 'summary');
    return [...rows, ...(streaming ? ['streaming'] : [])];
  }, [visible, streaming, summaryAt]);

  // A cloud model is asked about once, before the first message it would be sent.
  const cloud = useCloudConsent({
    settings: settings.settings,
    update: settings.update,
    // Before Ollama's list has come (or when it lacks the model), the name says it, as in main.
    isCloud: (name) => isCloudModel(name, ollama.models),
  });
  const confirmCloud = cloud.confirm;
  const onRetry = useCallback(
    () => void confirmCloud(model).then((yes) => yes && resend()),
    [confirmCloud, model, resend],
  );
  // The message an edit replaces; sending the edit makes a new version of it (the old one stays).
  const editTarget = useRef<number>(undefined);
  const onEdit = useCallback((text: string, messageId: number) => {
    editTarget.current = messageId;
    setDraft({ text, note: EDIT_NOTE });
  }, []);
  const onRegenerate = useCallback(
    (messageId: number, other?: string) =>
      void confirmCloud(other ?? model).then((yes) => yes && regenerate(messageId, other)),
    [confirmCloud, model, regenerate],
  );
  // Focus stays on the switcher's button through the switch, on the version it showed.
  const [switched, setSwitched] = useState<{ id: number; direction: 'previous' | 'next' }>();
  const [versionProblem, setVersionProblem] = useState<string>();
  const onShowVersion = useCallback(
    (messageId: number, direction: 'previous' | 'next') => {
      setSwitched({ id: messageId, direction });
      showVersion(messageId).then(
        () => setVersionProblem(undefined),
        (reason: unknown) => setVersionProblem(messageOf(reason)),
      );
    },
    [showVersion],
  );
  const otherModels = useMemo(
    () =>
      (ollama.models ?? [])
        .filter(
          (installed) =>
            !isEmbeddingOnly(ollama.capabilities[installed.name]) &&
            !sameModel(installed.name, model),
        )
        .map((installed) => installed.name),
    [ollama.models, ollama.capabilities, model],
  );
  // A message an MCP App writes waits in the composer for the user to send.
  const appHost = useMemo(
    () => ({ onAppMessage: (text: string) => setDraft({ text, edit: false }) }),
    [],
  );
  const onSend = async (
    text: string,
    attachments: AttachmentRef[] = [],
    sending: FileRef[] = [],
  ) => {
    // Images to a model that cannot see: said here, with the models that can, before sending.
    const images = files.chips.filter(
      (chip) =>
        chip.facts?.kind === 'image' && sending.some((ref) => ref.sha256 === chip.facts?.sha256),
    );
    const problem = visionProblem(
      model,
      images.map((chip) => chip.name),
      ollama.models,
      ollama.capabilities,
    );
    setVision(problem);
    if (problem) return false;
    if (!(await cloud.confirm(model))) return false;
    setSent((count) => count + 1);
    return conversation.send(text, model || undefined, attachments, undefined, sending);
  };
  const onRunPrompt = async (prompt: PromptRun) => {
    if (!(await cloud.confirm(model))) return false;
    setSent((count) => count + 1);
    return conversation.send('', model || undefined, [], prompt);
  };
  const onResend = async (text: string) => {
    if (!(await cloud.confirm(model))) return false;
    setSent((count) => count + 1);
    const target = editTarget.current;
    return target === undefined ? conversation.resend(text) : edit(target, text);
  };

  /** An assistant message followed by no other assistant message of the same turn. */
  const lastOfItsTurn = (index: number) => {
    const next = visible[index + 1];
    return next === undefined ? !state.turn : next.role !== 'assistant';
  };

  const renderRow = (row: number) => {
    if (row === summaryAt && summary.current)
      return <SummaryCard summary={summary.current} onEdit={summary.edit} onUndo={summary.undo} />;
    const index = summaryAt !== undefined && row > summaryAt ? row - 1 : row;
    const message = visible[index];
    if (!message) {
      return state.turn ? (
        <StreamingMessage turn={state.turn} calls={orphans} progress={state.progress} />
      ) : null;
    }
    return (
      <MessageBubble
        message={message}
        toolResults={state.toolResults}
        calls={state.calls}
        progress={state.progress}
        turnRunning={running}
        canResend={!running && message.id === lastUserId && state.conversationId !== undefined}
        canBranch={
          !running &&
          state.conversationId !== undefined &&
          (message.role === 'user' || (message.role === 'assistant' && lastOfItsTurn(index)))
        }
        otherModels={otherModels}
        showOfferedTools={lastOfItsTurn(index)}
        onRetry={onRetry}
        onEdit={onEdit}
        onRegenerate={onRegenerate}
        onShowVersion={onShowVersion}
        focusSwitcher={switched?.id === message.id ? switched.direction : undefined}
      />
    );
  };

  const status = ollama.status;
  const unreachable = status && !status.ok ? status : undefined;
  const empty = keys.length === 0 && !running;
  const loading = state.needsLoad && state.messages.length === 0 && state.conversationId;
  const title = state.title || (state.conversationId ? 'Untitled' : 'New chat');
  const notRunningFailure = state.failure?.problem === 'not-running';

  return (
    <section
      className={`chat-view${drop.over ? ' chat-view-dropping' : ''}`}
      aria-labelledby="chat-title"
      {...drop.handlers}
    >
      {drop.over && (
        <div className="chat-drop-target" aria-hidden="true">
          <p>Drop files to attach them</p>
        </div>
      )}
      <header className="chat-header">
        <h1 id="chat-title" className="chat-title">
          {title}
        </h1>
        {ollama.models && ollama.models.length > 0 && (
          <ModelPicker
            models={ollama.models}
            capabilities={ollama.capabilities}
            value={model}
            onChange={chooseModel}
            hideCloud={settings.settings?.ollama.hideCloudModels ?? false}
          />
        )}
        {state.conversationId && (
          <ConversationOptionsButton conversationId={state.conversationId} />
        )}
        {state.conversationId && (
          <button type="button" className="button" onClick={() => setExporting(true)}>
            Export…
          </button>
        )}
        <button
          type="button"
          className="button"
          aria-expanded={pullOpen}
          onClick={() => setPullOpen(!pullOpen)}
        >
          Pull a model
        </button>
      </header>
      {defaultMissing && (
        <p className="notice notice-warning" role="status">
          The default model, {defaultModel}, is not installed. Choose one of the installed models
          above, or pull it.
        </p>
      )}
      {versionProblem && (
        <p className="notice notice-warning" role="alert">
          {versionProblem}
        </p>
      )}
      {pullOpen && (
        <PullModel
          pulls={pulls.pulls}
          onPull={(name) => void pulls.start(name)}
          onCancel={(name) => void pulls.cancel(name)}
        />
      )}
      {unreachable && !empty && !notRunningFailure && (
        <p className="notice notice-warning" role="status">
          {/* Main's sentence says what answers there, if anything (not Ollama, or nothing). */}
          {unreachable.message}
        </p>
      )}
      {loading ? (
        <p className="muted chat-loading">Loading the conversation…</p>
      ) : empty ? (
        <div className="chat-empty">
          {unreachable ? (
            <OllamaUnreachable
              message={unreachable.message}
              onCheckAgain={refresh}
              onOpenSettings={() => navigation.openSettings()}
            />
          ) : ollama.models?.length === 0 ? (
            <NoModels
              pulls={pulls.pulls}
              onPull={(name) => void pulls.start(name)}
              onCancel={(name) => void pulls.cancel(name)}
            />
          ) : (
            <Welcome onOpenServers={() => navigation.openServers()} />
          )}
        </div>
      ) : (
        <OpenConversationContext.Provider value={state.conversationId}>
          <AppHostContext.Provider value={appHost}>
            <MessageList
              keys={keys}
              renderRow={renderRow}
              followKey={`${state.conversationId}:${sent}`}
              top={
                state.earlier > 0 && (
                  <EarlierMessages count={state.earlier} onLoad={conversation.loadEarlier} />
                )
              }
            />
          </AppHostContext.Provider>
        </OpenConversationContext.Provider>
      )}
      <TurnStatus
        turn={state.turn}
        waitingFor={waitingOnUser(state)}
        notice={state.notice}
        failure={state.failure}
        model={model || undefined}
        pulls={pulls.pulls}
        onCheckAgain={refresh}
        onOpenSettings={() => navigation.openSettings()}
        onPull={(name) => void pulls.start(name)}
        onCancelPull={(name) => void pulls.cancel(name)}
        onRetry={onRetry}
        onOpenLink={(url) => void openLink(api, url)}
        onDismiss={conversation.dismissFailure}
      />
      {vision && (
        <VisionRefusal
          problem={vision}
          onUseModel={chooseModel}
          onDismiss={() => setVision(undefined)}
        />
      )}
      <Composer
        running={running}
        files={files}
        conversationId={state.conversationId}
        draft={draft}
        onSend={onSend}
        onResend={onResend}
        onRunPrompt={onRunPrompt}
        onStop={conversation.stop}
        model={model || undefined}
        messagesKey={state.messages}
      />
      {cloud.dialog}
      <ExportDialog
        conversationId={state.conversationId}
        open={exporting}
        onClose={() => setExporting(false)}
      />
    </section>
  );
}

/**
 * The whole chat area takes files dropped on it, and shows where while they are dragged over it
 * (a counter, since entering a child leaves its parent). The window's own handler (a `.mcpb`
 * dropped anywhere installs it, servers/bundles) hears only a drop of bundles alone.
 */
function useFileDrop(addFiles: (files: File[]) => void) {
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  const handlers = {
    onDragEnter: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.stopPropagation();
      depth.current += 1;
      setOver(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.stopPropagation();
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    },
    onDrop: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = 0;
      setOver(false);
      const dropped = [...event.dataTransfer.files];
      const attached = dropped.filter((file) => !file.name.toLowerCase().endsWith('.mcpb'));
      // Bundles alone go on to the window's handler, which installs them.
      if (attached.length === 0) return;
      event.preventDefault();
      event.stopPropagation();
      addFiles(attached);
    },
  };
  return { over, handlers };
}
