/**
 * Chat as the app uses it: start and stop turns (one at a time per conversation), the history,
 * the models Ollama has, and the questions a turn asks the user. Each turn gets the settings in
 * force when it starts; the Ollama address is read from settings at every request, so a change
 * applies at once.
 */
import { randomUUID } from 'node:crypto';
import type { ProgressResponse } from 'ollama';
import type { z } from 'zod';
import type { chatSendSchema } from '../../../../preload/schemas/chat';
import type { EventPayload, Settings } from '../../../../preload/contract';
import { UserFacingError } from '../../bridge/errors';
import type { EventHub } from '../../bridge/events';
import { commandFolder, commandSettingsOf, type SudoTickets } from '../../builtin';
import {
  type ConversationStore,
  type ConversationSummary,
  type NewMessage,
  openConversationStore,
  type StoredMessage,
} from '../../history';
import type { Logger } from '../../logger';
import {
  BUILTIN_SERVER_ENTRY,
  HEARTH_CLOSING,
  type McpManager,
  type PendingTask,
  type ServerCallOutcome,
  toolAppResourceUri,
} from '../../mcp';
import type { ModelProvider } from '../../ollama/ollamaService';
import { openAuditTrail } from '../toolCall/auditTrail';
import { MAX_APP_STRUCTURED_CHARS, runTurn } from '../turn';
import { createToolOffer } from '../offer/toolOffer';
import { openToolMemory, type StoredToolMemory } from '../offer/ranking/toolMemory';
import { openToolVectorStore } from '../offer/ranking/toolVectorStore';
import { openingMessages } from './openingMessages';
import { visionRefusal } from './fileAttachments';
import type { FileStore } from '../../files';
import { chooseSystemPrompt, defaultSystemPrompt } from '../context/systemPrompt';
import type { CallContext, ToolAccess } from '../toolCall/types';
import type { RendererQuestions } from '../../questions/userQuestions';
import { answerUnansweredCalls } from '../toolCall/unansweredCalls';
import { createLiveResults, type LiveResults } from '../toolCall/liveResults';
import type { ShellSandboxState } from '../../sandbox';
import { shellSandboxFacts } from '../toolCall/shellSandboxFacts';
import { saveLateTaskResult } from '../toolCall/lateTaskResults';
import { turnEndingKeeper } from './turnEndingKeeper';
import { samplingOptions } from './samplingOptions';
import { modelRunsHere } from './modelRunsHere';
import { createContextService, type ContextService } from './contextService';

/** The built-in tool whose `command` argument is a shell command, and so goes through the sudo path. */
export const SHELL_TOOL = 'run_shell_command';

/**
 * How long a call to a restarting server's tool waits for it: past the first few restart delays
 * (1, 2, 4 s) and a start, short enough that a turn does not seem stuck.
 */
export const RESTART_WAIT_MS = 15_000;

export interface ChatServiceOptions {
  dataDir: string;
  events: EventHub;
  settings(): Settings;
  /** The model client for the Ollama address in settings now. */
  provider(): ModelProvider;
  mcp: McpManager;
  questions: RendererQuestions;
  tickets: SudoTickets;
  logger: Logger;
  onProblem(message: string): void;
  /** Whether the built-in shell's sandbox can run here now (absent: it can). */
  shellSandbox?(): Promise<ShellSandboxState>;
  /** The user's attached files (absent: messages take none). */
  files?: FileStore;
}

export interface ChatService {
  history: ConversationStore;
  /** The context the next request takes, and summaries of older turns (contextService.ts). */
  context: ContextService;
  /** Reads what the message attaches or runs (resources, a prompt) first, then starts the turn. */
  send(input: z.output<typeof chatSendSchema>): Promise<{ conversationId: string; turnId: string }>;
  /**
   * Retry (a new version of the reply to the last user message) or edit-and-resend (new text:
   * a new version of that message). The old versions are kept.
   */
  resend(
    conversationId: string,
    text?: string,
    turnId?: string,
  ): { conversationId: string; turnId: string };
  /**
   * Deletes a conversation (its turn stopped first) and the attached files no other conversation
   * uses; false when there was no such conversation.
   */
  deleteConversation(conversationId: string): Promise<boolean>;
  /** A new version of any user message on the branch on screen, and a reply to it. */
  edit(
    conversationId: string,
    messageId: number,
    text: string,
    turnId?: string,
  ): { conversationId: string; turnId: string };
  /**
   * A new version of the reply `messageId` belongs to, by the conversation's model or, for this
   * reply only, by `model`.
   */
  regenerate(
    conversationId: string,
    messageId: number,
    options?: { model?: string; turnId?: string },
  ): { conversationId: string; turnId: string };
  /** Shows another version (`messageId`) in place; nothing is run again. */
  showVersion(conversationId: string, messageId: number): ConversationSummary;
  /** Stops the conversation's turn in progress; with `turnId`, only when it is that turn. */
  stop(conversationId: string, turnId?: string): boolean;
  /** Resolves when the conversation's turn in progress (if any) has ended. */
  idle(conversationId: string): Promise<void>;
  /**
   * Gives every tool call left without a result (Hearth was stopped while it waited or ran) a
   * result saying so, unless a turn is running there. Returns how many. `latest`: the
   * conversation's latest messages, just read (see answerUnansweredCalls).
   */
  answerUnanswered(
    conversationId: string,
    latest?: { messages: readonly StoredMessage[]; earlier: number },
  ): number;
  pull(model: string): boolean;
  /** Stops that model's download; false when none runs. Ollama keeps what it has for a retry. */
  cancelPull(model: string): boolean;
  /**
   * What tool selection learned from use, kept in the data folder (written a moment after a
   * tool runs, and when Hearth quits); Settings can forget it.
   */
  toolMemory: StoredToolMemory;
  /** Long texts of live results, cut in what the windows got, read in pages on demand. */
  liveResults: LiveResults;
  /**
   * The same gates the model's calls go through (policy, approval, audit) for one conversation:
   * an MCP App's own tool calls use them.
   */
  callContext(conversationId: string): SharedCallContext;
  /** The saved call an MCP App belongs to: whether its conversation is there, and the call. */
  findCall(
    conversationId: string,
    callId: string,
  ): { conversation: boolean; call?: { server: string; tool: string } };
  /** A task picked up after a restart finished: its result goes to the call that waits for it. */
  lateTaskFinished(task: PendingTask, outcome: ServerCallOutcome): void;
  dispose(): Promise<void>;
}

/** Where a turn's messages go when they are a new version rather than the next ones. */
interface NewVersion {
  /** The message they are a new version of (absent: a first reply after `after`). */
  replacing?: number;
  /** A regenerated reply follows this user message: nothing saved leaves the branch here. */
  after?: number;
  /** The branch's last message before, filled in when the branch is rewound. */
  before?: number;
  /** The model given is this reply's only, not the conversation's from now on. */
  modelForReply?: boolean;
}

/** A tool call's context without what belongs to one call of a turn. */
export type SharedCallContext = Omit<
  CallContext,
  'conversationId' | 'turnId' | 'signal' | 'seen' | 'emit' | 'readBefore'
>;

export function createChatService(options: ChatServiceOptions): ChatService {
  const { events, mcp } = options;
  const history = openConversationStore({ dataDir: options.dataDir, onProblem: options.onProblem });
  const audit = openAuditTrail({ dataDir: options.dataDir, onProblem: options.onProblem });
  const liveResults = createLiveResults();
  const active = new Map<
    string,
    { controller: AbortController; done: Promise<void>; turnId: string }
  >();
  const allowedHere = new Map<string, Set<string>>();
  const pulls = new Map<string, AbortController>();
  /** Tools the user allowed for one conversation; kept while Hearth runs. */
  const allowedFor = (conversationId: string) => {
    const allowed = allowedHere.get(conversationId) ?? new Set<string>();
    allowedHere.set(conversationId, allowed);
    return allowed;
  };

  const paused = () => options.settings().chat.toolsPaused;
  const memory = openToolMemory({
    dataDir: options.dataDir,
    onProblem: options.onProblem,
    // Learning is a help, never a reason for a turn to fail.
    onWriteFailed: (error) => options.logger.warn('Remembering a tool used failed', error),
  });
  /** Counts finished pulls, so tool ranking looks for a newly pulled embedding model at once. */
  let modelsPulled = 0;
  const offerTools = createToolOffer({
    memory,
    vectors: openToolVectorStore({
      dataDir: options.dataDir,
      onProblem: (message, error) => options.logger.warn(message, error),
    }),
    modelsChanged: () => modelsPulled,
    provider: options.provider,
    budgets: () => options.settings().chat.toolBudgets,
    onProblem: (message, error) => options.logger.warn(message, error),
  });
  // The embedding model indexes the tools as they change, so turns need not wait for it.
  const warmToolIndex = () => void offerTools.warm(paused() ? [] : mcp.catalog.forModel());
  const stopWarming = events.addSink((channel) => {
    if (channel === 'tools:changed') warmToolIndex();
  });
  const tools: ToolAccess = {
    // Paused tools are not there at all: a call to one is a call to an unknown tool.
    resolve: (modelName) => (paused() ? undefined : mcp.catalog.resolve(modelName)),
    modelNames: () => (paused() ? [] : mcp.catalog.forModel().map((tool) => tool.modelName)),
    definition: (server, tool) => mcp.catalog.definition(server, tool),
    settled: (server, signal) => mcp.settled(server, RESTART_WAIT_MS, signal),
    policy: (server, tool) => mcp.store.get(server)?.tools[tool]?.approval ?? 'ask',
    isAlwaysAllowed: (server, tool) => mcp.catalog.isAlwaysAllowed(server, tool),
    reviewChange: (server, tool) => mcp.reviewToolChange(server, tool),
    alwaysAllow: (server, tool) => mcp.configureTool(server, tool, { approval: 'allow' }),
    commandRules: (server, tool) =>
      mcp.consent.commandRules().filter((rule) => rule.server === server && rule.tool === tool),
    addCommandRule: (server, tool, rule) => mcp.consent.addCommandRule({ server, tool, ...rule }),
    isShellTool: (server, tool) =>
      (server === BUILTIN_SERVER_ENTRY && tool === SHELL_TOOL) ||
      mcp.store.get(server)?.tools[tool]?.shellCommand === true,
    sudoRunner: () =>
      mcp.catalog.definition(BUILTIN_SERVER_ENTRY, SHELL_TOOL)
        ? { server: BUILTIN_SERVER_ENTRY, tool: SHELL_TOOL }
        : undefined,
    call: (server, tool, args, callOptions) => mcp.callTool(server, tool, args, callOptions),
    harmlessCalls(server) {
      // Asked of, and offered for, servers meant to run in the sandbox only.
      const config = mcp.store.get(server);
      if (config?.transport.type !== 'stdio' || !config.transport.sandbox?.enabled)
        return undefined;
      return mcp.harmlessCalls.state(config.name);
    },
    sandbox(server, tool, args) {
      if (server === BUILTIN_SERVER_ENTRY)
        return tool === SHELL_TOOL
          ? shellSandboxFacts(
              options.shellSandbox,
              commandFolder(
                typeof args.cwd === 'string' ? args.cwd : undefined,
                commandSettingsOf(options.settings()),
              ),
            )
          : undefined;
      const config = mcp.store.get(server);
      if (config?.transport.type !== 'stdio' || !config.transport.sandbox?.enabled)
        return undefined;
      // Only when it is running in it now (not unsandboxed because the user agreed to that).
      const running = mcp.list().find((entry) => entry.config.name === config.name)?.status;
      if (running?.sandbox?.state !== 'on') return undefined;
      const sandbox = mcp.reviewLaunch(server).sandbox;
      return sandbox?.state === 'on'
        ? {
            kind: 'server',
            writable: sandbox.allWrites ? ['/'] : sandbox.writable,
            hosts: sandbox.hosts,
          }
        : undefined;
    },
  };

  /** The gates a tool call goes through in one conversation, as the settings stand now. */
  const callContext = (
    conversationId: string,
    settings = options.settings(),
  ): SharedCallContext => ({
    tools,
    questions: options.questions,
    sudo: {
      issue: (command, password) => options.tickets.issue(command, password),
      revoke: (ticket) => options.tickets.revoke(ticket),
    },
    askForEveryTool: settings.chat.askForEveryTool,
    maxResultChars: settings.chat.maxToolResultChars,
    allowedHere: allowedFor(conversationId),
    conversationTitle: () => history.title(conversationId),
    audit,
  });

  /** The system prompt a turn starting now sends, given the conversation's own (if any). */
  const systemPromptFor = (
    conversationPrompt: string | undefined,
    settings = options.settings(),
  ) => {
    const servers = mcp
      .list()
      .map((entry) => ({ name: entry.config.name, toolCount: entry.status.toolCount }));
    return chooseSystemPrompt(conversationPrompt, settings.chat.systemPrompt, () =>
      defaultSystemPrompt(servers, new Date()),
    );
  };
  const toolsNow = () => (paused() ? [] : mcp.catalog.forModel());
  const context = createContextService({
    history,
    events,
    settings: options.settings,
    provider: options.provider,
    tools: toolsNow,
    offerTools,
    systemPrompt: (prompt) => systemPromptFor(prompt),
    opening: (input) => openingMessages(input, mcp, options.files),
    busy: (conversationId) => active.has(conversationId),
    ...(options.files ? { files: options.files } : {}),
  });

  const start = (
    input: { conversationId?: string; model?: string; turnId?: string },
    opening: NewMessage[],
    version?: NewVersion,
  ): { conversationId: string; turnId: string } => {
    const settings = options.settings();
    if (input.conversationId && !active.has(input.conversationId))
      answerUnansweredCalls(history, input.conversationId, options.mcp.tasks.isPending);
    const existing = input.conversationId ? history.get(input.conversationId) : undefined;
    if (input.conversationId && !existing)
      throw new UserFacingError('That conversation no longer exists.');
    // A conversation's own options come first; an option it has not set follows Settings.
    const own = existing?.options ?? {};
    const model = input.model ?? own.model ?? settings.chat.model;
    if (!model) throw new UserFacingError('Pick a model first.');
    // A model chosen for a conversation stays its model: the next message and a retry use it.
    // A reply regenerated by another model is that reply's alone.
    if (existing && input.model && input.model !== own.model && !version?.modelForReply)
      history.setOptions(existing.id, { model: input.model });
    const conversationId = existing?.id ?? history.create({ options: { model } }).id;
    if (active.has(conversationId))
      throw new UserFacingError(
        'A reply is still being written here. Stop it, or wait for it to finish.',
      );
    const turnId = input.turnId ?? randomUUID();
    if ([...active.values()].some((turn) => turn.turnId === turnId))
      throw new UserFacingError('That turn id is already in use; send again.');
    const controller = new AbortController();
    const earlier = version ? branchFrom(conversationId, version) : (existing?.messages ?? []);
    const ending = turnEndingKeeper(history, conversationId, options.logger);
    const status = (event: EventPayload<'chat:status'>) => {
      ending.status(event);
      events.emit('chat:status', event);
    };
    const provider = options.provider();
    const done = runTurn({
      conversationId,
      turnId,
      model,
      opening,
      earlier,
      signal: controller.signal,
      provider,
      history,
      ...(options.files ? { files: options.files } : {}),
      systemPrompt: systemPromptFor(own.instructions, settings),
      sampling: samplingOptions(own, settings.chat),
      summary: () => history.summaries.current(conversationId),
      ...(settings.chat.summariseWithoutAsking
        ? {
            summariseOlder: (input, signal) =>
              context.summariseOlder(conversationId, model, input, signal),
          }
        : {}),
      tools: toolsNow,
      serversStarted: (signal, waiting) => serversStarted(mcp, signal, waiting),
      offerTools,
      learn: (message, owner) => {
        try {
          memory.remember(message, owner);
        } catch (error) {
          // Learning is a help, never a reason for a turn to fail.
          options.logger.warn('Remembering a tool used failed', error);
        }
      },
      settings: {
        ...settings.chat,
        keepAlive: settings.ollama.keepAlive,
        firstTokenSeconds: settings.ollama.firstTokenSeconds,
        idleSeconds: settings.ollama.idleSeconds,
      },
      call: {
        ...callContext(conversationId, settings),
        modelRunsHere: modelRunsHere(provider, model),
      },
      events: {
        delta: (event) => events.emit('chat:delta', event),
        status,
        toolCall: (event) =>
          events.emit(
            'chat:toolCall',
            event.result === undefined
              ? event
              : {
                  ...event,
                  result: liveResults.bound(
                    event.callId,
                    event.result,
                    // An app's data is its structured result: it gets as much as history keeps.
                    toolAppResourceUri(mcp.catalog.definition(event.server, event.tool))
                      ? MAX_APP_STRUCTURED_CHARS
                      : undefined,
                  ),
                },
          ),
        saved: (id, messages) => {
          ending.saved(messages);
          for (const message of messages)
            events.emit('chat:message', { conversationId: id, turnId, message });
        },
      },
    })
      .catch((error: unknown) => {
        options.logger.error('A chat turn failed unexpectedly', error);
        status({
          conversationId,
          turnId,
          state: 'failed',
          message: `Hearth failed during this reply: ${(error as Error).message}`,
        });
      })
      .finally(() => {
        if (version) keepAReply(conversationId, version);
        active.delete(conversationId);
      });
    active.set(conversationId, { controller, done, turnId });
    return { conversationId, turnId };
  };

  /** The branch a new version starts from: the one on screen, up to the version's place. */
  const branchFrom = (conversationId: string, version: NewVersion) => {
    if (version.replacing !== undefined)
      version.before = history.rewind(conversationId, version.replacing);
    return history.get(conversationId)?.messages ?? [];
  };
  /**
   * A regenerated reply that saved nothing (stopped at once, the model missing) leaves the
   * reply it was to replace on screen, rather than the question without an answer.
   */
  const keepAReply = (conversationId: string, version: NewVersion) => {
    if (version.before === undefined || version.after === undefined) return;
    if (history.leaf(conversationId) !== version.after) return;
    try {
      history.showVersion(conversationId, version.before);
    } catch (error) {
      options.logger.warn('Showing the earlier reply again failed', error);
    }
  };
  const idle = (conversationId: string) => {
    if (active.has(conversationId))
      throw new UserFacingError('A reply is still being written here. Stop it first.');
  };
  /** A new version of the reply to user message `userId` (a first reply when it has none). */
  const regenerateAfter = (
    conversationId: string,
    messages: readonly StoredMessage[],
    userId: number,
    input: { model?: string; turnId?: string },
  ) => {
    const index = messages.findIndex((message) => message.id === userId);
    const replaced = messages[index + 1];
    return start({ conversationId, ...input }, [], {
      ...(replaced ? { replacing: replaced.id } : {}),
      after: userId,
      modelForReply: input.model !== undefined,
    });
  };

  const edit = (conversationId: string, messageId: number, text: string, turnId?: string) => {
    idle(conversationId);
    const edited = history.get(conversationId)?.messages.find((m) => m.id === messageId);
    if (edited?.role !== 'user')
      throw new UserFacingError('Only a message you wrote, shown here now, can be edited.');
    // The turn saves the new version where the old one is, and its reply after it.
    return start(
      { conversationId, ...(turnId ? { turnId } : {}) },
      [
        {
          role: 'user',
          content: text,
          ...(edited.attachments ? { attachments: edited.attachments } : {}),
        },
      ],
      { replacing: messageId },
    );
  };

  return {
    history,
    context,
    toolMemory: memory,
    liveResults,
    callContext: (conversationId) => callContext(conversationId),
    findCall: (conversationId, callId) => ({
      conversation: history.title(conversationId) !== undefined,
      call: history.toolCall(conversationId, callId),
    }),
    lateTaskFinished(task, outcome) {
      saveLateTaskResult(
        history,
        events,
        task,
        outcome,
        options.settings().chat.maxToolResultChars,
      );
    },
    async send(input) {
      if (input.conversationId && active.has(input.conversationId))
        throw new UserFacingError(
          'A reply is still being written here. Stop it, or wait for it to finish.',
        );
      const opening = await openingMessages(input, mcp, options.files);
      const model =
        input.model ??
        (input.conversationId ? history.get(input.conversationId)?.options.model : undefined) ??
        options.settings().chat.model;
      const attached = opening.flatMap((message) => message.attachments ?? []);
      const refusal = model ? await visionRefusal(options.provider(), model, attached) : undefined;
      if (refusal) throw new UserFacingError(refusal);
      return start(input, opening);
    },
    resend(conversationId, text, turnId) {
      idle(conversationId);
      const messages = history.get(conversationId)?.messages ?? [];
      const last = messages.findLast((message) => message.role === 'user');
      if (!last) throw new UserFacingError('There is no message to send again.');
      if (text !== undefined) return edit(conversationId, last.id, text, turnId);
      return regenerateAfter(conversationId, messages, last.id, turnId ? { turnId } : {});
    },
    edit,
    regenerate(conversationId, messageId, input = {}) {
      idle(conversationId);
      const messages = history.get(conversationId)?.messages ?? [];
      const at = messages.findIndex((message) => message.id === messageId);
      const question = messages.slice(0, at).findLast((message) => message.role === 'user');
      if (at === -1 || messages[at]?.role === 'user' || !question)
        throw new UserFacingError('Only a reply shown here now can be written again.');
      return regenerateAfter(conversationId, messages, question.id, input);
    },
    showVersion(conversationId, messageId) {
      idle(conversationId);
      return history.showVersion(conversationId, messageId);
    },
    async deleteConversation(conversationId) {
      active.get(conversationId)?.controller.abort();
      await active.get(conversationId)?.done;
      const files = history.filesOf(conversationId);
      const deleted = history.delete(conversationId);
      if (options.files && files.length > 0)
        await options.files
          .release(files, (sha256) => history.fileInUse(sha256))
          .catch((error: unknown) => options.logger.warn('Deleting attached files failed', error));
      return deleted;
    },
    stop(conversationId, turnId) {
      const turn = active.get(conversationId);
      if (!turn || (turnId !== undefined && turn.turnId !== turnId)) return false;
      turn.controller.abort();
      return true;
    },
    idle: async (conversationId) => {
      await active.get(conversationId)?.done;
    },
    answerUnanswered: (conversationId, latest) =>
      active.has(conversationId)
        ? 0
        : answerUnansweredCalls(history, conversationId, options.mcp.tasks.isPending, latest),
    pull(model) {
      if (pulls.has(model)) return false;
      const controller = new AbortController();
      pulls.set(model, controller);
      const report = (progress: Partial<ProgressResponse> & { done: boolean; error?: string }) =>
        events.emit('models:pullProgress', {
          model,
          status: progress.status ?? '',
          ...(progress.completed ? { completed: progress.completed } : {}),
          ...(progress.total ? { total: progress.total } : {}),
          done: progress.done,
          ...(progress.error ? { error: progress.error } : {}),
        });
      void options
        .provider()
        .pull(model, (progress) => report({ ...progress, done: false }), controller.signal)
        .then(
          () => {
            modelsPulled++;
            report({ status: 'success', done: true });
            warmToolIndex();
          },
          (error: unknown) =>
            report(
              controller.signal.aborted
                ? { status: 'cancelled', done: true, error: 'The download was cancelled.' }
                : { status: 'failed', done: true, error: (error as Error).message },
            ),
        )
        .finally(() => pulls.delete(model));
      return true;
    },
    cancelPull(model) {
      const controller = pulls.get(model);
      if (!controller || controller.signal.aborted) return false;
      controller.abort();
      return true;
    },
    async dispose() {
      stopWarming();
      for (const turn of active.values()) turn.controller.abort(HEARTH_CLOSING);
      await Promise.all([...active.values()].map((turn) => turn.done));
      try {
        memory.flush();
      } catch (error) {
        options.logger.warn('Remembering the tools used failed', error);
      }
      history.close();
    },
  };
}

/** A turn sent while servers start waits for them (bounded), saying which. */
async function serversStarted(
  mcp: McpManager,
  signal: AbortSignal,
  waiting: (message: string) => void,
): Promise<void> {
  const names = mcp
    .startingNow()
    .map((name) => (name === BUILTIN_SERVER_ENTRY ? 'the built-in tools' : `“${name}”`));
  if (names.length === 0) return;
  const list = new Intl.ListFormat('en', { type: 'conjunction' }).format(names);
  waiting(`Waiting for ${list} to start, so this reply can use them…`);
  await mcp.whenStarted(RESTART_WAIT_MS, signal);
}
