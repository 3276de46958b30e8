/**
 * The open conversation as the chat view shows it, reduced from what main sends: the saved
 * messages, the assistant text still streaming (kept apart so a delta never touches the saved
 * list), tool call cards, and the state of the turn. Pure, so it is tested without a DOM.
 */
import type {
  ChatDeltaEvent,
  ChatStatusEvent,
  Conversation,
  StoredMessage,
  ToolCallEvent,
  ToolProgressEvent,
} from './chatTypes';

/**
 * Events kept while a new conversation starts: main saves the first message before `chat:send`
 * answers with the new id. A turn's opening is a handful of events; the cap only guards memory.
 */
export const MAX_EARLY_EVENTS = 200;

export type ChatEvent =
  | { kind: 'delta'; payload: ChatDeltaEvent }
  | { kind: 'status'; payload: ChatStatusEvent }
  | { kind: 'toolCall'; payload: ToolCallEvent }
  | { kind: 'message'; payload: { conversationId: string; message: StoredMessage } }
  | { kind: 'progress'; payload: ToolProgressEvent };

/** The reply being written: what the model has streamed since the last saved message. */
export interface Turn {
  /** Unknown until `chat:send` answers or the first event arrives. */
  turnId: string | undefined;
  phase: 'sending' | 'thinking' | 'streaming' | 'running-tools';
  content: string;
  thinking: string;
}

export interface Failure {
  message: string;
  /** main's remedy hint: `not-running`, `model-not-found`, … */
  problem: string | undefined;
  /** A page that is the remedy (ollama.com's sign-in for a cloud model). */
  link?: string | undefined;
}

export interface ConversationState {
  conversationId: string | undefined;
  title: string;
  model: string | undefined;
  /** The conversation should be (re)read from main: just opened, or just started. */
  needsLoad: boolean;
  /**
   * The saved messages read so far, oldest first: the latest page, then earlier pages as the
   * user scrolls up. Its identity changes only when a message is saved or a page read.
   */
  messages: StoredMessage[];
  /** How many saved messages come before `messages`, not read yet. */
  earlier: number;
  /** Tool messages by the call they answer. */
  toolResults: Readonly<Record<string, StoredMessage>>;
  /** The latest event of each tool call seen live. */
  calls: Readonly<Record<string, ToolCallEvent>>;
  progress: Readonly<Record<string, ToolProgressEvent>>;
  turn: Turn | undefined;
  notice: string | undefined;
  failure: Failure | undefined;
  early: ChatEvent[];
}

export type ConversationAction =
  | { type: 'open'; conversationId: string | undefined }
  | { type: 'loaded'; conversation: Conversation }
  | { type: 'loadFailed'; message: string }
  /** A page of messages before the first one shown. */
  | { type: 'earlierLoaded'; conversationId: string; messages: StoredMessage[]; earlier: number }
  | { type: 'sending' }
  | { type: 'resending' }
  /**
   * A new version starts at message `fromId` (an edit, a regenerated reply): it and what follows
   * leave the view, as they leave the branch on screen; the turn's messages take their place.
   */
  | { type: 'branching'; fromId: number | undefined }
  /** Another branch is on screen (a version switched, a branching turn ended): shown as read. */
  | { type: 'branchShown'; conversation: Conversation }
  | { type: 'started'; conversationId: string; turnId: string }
  | { type: 'sendFailed'; message: string }
  | { type: 'dismissFailure' }
  /** Another model was chosen: what the last turn said about its model no longer applies. */
  | { type: 'modelChanged' }
  | { type: 'event'; event: ChatEvent };

export function initialConversationState(conversationId?: string): ConversationState {
  return {
    conversationId,
    title: '',
    model: undefined,
    needsLoad: conversationId !== undefined,
    messages: [],
    earlier: 0,
    toolResults: {},
    calls: {},
    progress: {},
    turn: undefined,
    notice: undefined,
    failure: undefined,
    early: [],
  };
}

/** Folds one action into the state; unrelated parts keep their identity. */
export function conversationReducer(
  state: ConversationState,
  action: ConversationAction,
): ConversationState {
  switch (action.type) {
    case 'open':
      return initialConversationState(action.conversationId);
    case 'loaded':
      return applyLoaded(state, action.conversation);
    case 'earlierLoaded':
      return applyEarlier(state, action.conversationId, action.messages, action.earlier);
    case 'loadFailed':
      return {
        ...state,
        needsLoad: false,
        failure: { message: action.message, problem: undefined },
      };
    case 'sending':
      return {
        ...state,
        turn: newTurn(undefined, 'sending'),
        notice: undefined,
        failure: undefined,
      };
    case 'resending':
      return {
        ...dropFromLastUserMessage(state),
        turn: newTurn(undefined, 'sending'),
        notice: undefined,
        failure: undefined,
      };
    case 'branching':
      return {
        ...dropFrom(state, action.fromId),
        turn: newTurn(undefined, 'sending'),
        notice: undefined,
        failure: undefined,
      };
    case 'branchShown':
      return applyBranch(state, action.conversation);
    case 'started':
      return applyStarted(state, action.conversationId, action.turnId);
    case 'sendFailed':
      return {
        ...state,
        turn: undefined,
        failure: { message: action.message, problem: undefined },
      };
    case 'dismissFailure':
      return { ...state, failure: undefined };
    case 'modelChanged':
      return { ...state, failure: undefined, notice: undefined };
    case 'event':
      return applyEvent(state, action.event);
  }
}

function newTurn(turnId: string | undefined, phase: Turn['phase']): Turn {
  return { turnId, phase, content: '', thinking: '' };
}

function applyLoaded(state: ConversationState, conversation: Conversation): ConversationState {
  if (conversation.id !== state.conversationId) return state;
  // Events may have saved messages the read did not see yet (or the other way round): union by id.
  const byId = new Map<number, StoredMessage>();
  for (const message of conversation.messages) byId.set(message.id, message);
  for (const message of state.messages) byId.set(message.id, message);
  const messages = [...byId.values()].sort((a, b) => a.id - b.id);
  // A read of the latest page after earlier pages were read: those stay, and so does the count.
  const readOlder = (state.messages[0]?.id ?? Infinity) < (conversation.messages[0]?.id ?? 0);
  return {
    ...state,
    title: conversation.title,
    model: conversation.model,
    needsLoad: false,
    messages,
    earlier: readOlder ? state.earlier : (conversation.earlierMessages ?? 0),
    toolResults: indexToolResults(messages),
    ...savedEnding(state, messages.at(-1)),
  };
}

/**
 * What the last turn's end said, as saved with its last message: shown again on reopening, as
 * it was when it happened. Not while a turn runs, nor over what this view already says.
 */
function savedEnding(
  state: ConversationState,
  last: StoredMessage | undefined,
): Pick<ConversationState, 'notice' | 'failure'> | undefined {
  const ending = last?.ending;
  if (!ending || state.turn || state.notice || state.failure) return undefined;
  const ended = applyStatus(state, {
    conversationId: state.conversationId ?? '',
    turnId: 'saved',
    ...ending,
  });
  return { notice: ended.notice, failure: ended.failure };
}

function applyEarlier(
  state: ConversationState,
  conversationId: string,
  page: StoredMessage[],
  earlier: number,
): ConversationState {
  if (conversationId !== state.conversationId) return state;
  const first = state.messages[0]?.id ?? Number.POSITIVE_INFINITY;
  const older = page.filter((message) => message.id < first);
  const messages = [...older, ...state.messages];
  return { ...state, messages, earlier, toolResults: indexToolResults(messages) };
}

function applyStarted(
  state: ConversationState,
  conversationId: string,
  turnId: string,
): ConversationState {
  const early = state.early.filter((event) => eventConversation(event) === conversationId);
  let next: ConversationState = {
    ...state,
    conversationId,
    needsLoad: true,
    early: [],
    turn: state.turn ? { ...state.turn, turnId } : newTurn(turnId, 'sending'),
  };
  for (const event of early) next = applyEvent(next, event);
  return next;
}

/** The branch read whole in place of what was shown: nothing of another branch stays. */
function applyBranch(state: ConversationState, conversation: Conversation): ConversationState {
  if (conversation.id !== state.conversationId || state.turn) return state;
  const messages = conversation.messages;
  const cleared = { ...state, notice: undefined, failure: undefined };
  return {
    ...cleared,
    title: conversation.title,
    model: conversation.model,
    needsLoad: false,
    messages,
    earlier: conversation.earlierMessages ?? 0,
    toolResults: indexToolResults(messages),
    ...savedEnding(cleared, messages.at(-1)),
  };
}

/** The messages before `fromId` (a branch's ids grow from its first message to its last). */
function dropFrom(state: ConversationState, fromId: number | undefined): ConversationState {
  if (fromId === undefined) return state;
  const messages = state.messages.filter((message) => message.id < fromId);
  return { ...state, messages, toolResults: indexToolResults(messages) };
}

function dropFromLastUserMessage(state: ConversationState): ConversationState {
  const index = state.messages.findLastIndex((message) => message.role === 'user');
  if (index < 0) return state;
  const messages = state.messages.slice(0, index);
  return { ...state, messages, toolResults: indexToolResults(messages) };
}

function indexToolResults(messages: StoredMessage[]): Record<string, StoredMessage> {
  const results: Record<string, StoredMessage> = {};
  for (const message of messages) {
    if (message.role === 'tool' && message.toolCallId) results[message.toolCallId] = message;
  }
  return results;
}

function eventConversation(event: ChatEvent): string | undefined {
  return event.kind === 'progress' ? undefined : event.payload.conversationId;
}

function applyEvent(state: ConversationState, event: ChatEvent): ConversationState {
  if (event.kind === 'progress') {
    // Progress names only the call; keep it for calls this conversation shows.
    if (!state.calls[event.payload.callId]) return state;
    return { ...state, progress: { ...state.progress, [event.payload.callId]: event.payload } };
  }
  const conversationId = event.payload.conversationId;
  if (conversationId !== state.conversationId) {
    const waitingForId = state.conversationId === undefined && state.turn?.phase === 'sending';
    if (!waitingForId) return state;
    return { ...state, early: [...state.early, event].slice(-MAX_EARLY_EVENTS) };
  }
  switch (event.kind) {
    case 'delta':
      return applyDelta(state, event.payload);
    case 'status':
      return applyStatus(state, event.payload);
    case 'toolCall':
      return { ...state, calls: { ...state.calls, [event.payload.callId]: event.payload } };
    case 'message':
      return applyMessage(state, event.payload.message);
  }
}

function applyDelta(state: ConversationState, delta: ChatDeltaEvent): ConversationState {
  const current =
    state.turn && (state.turn.turnId === undefined || state.turn.turnId === delta.turnId)
      ? state.turn
      : newTurn(delta.turnId, 'streaming');
  return {
    ...state,
    turn: {
      turnId: delta.turnId,
      phase: 'streaming',
      content: current.content + (delta.content ?? ''),
      thinking: current.thinking + (delta.thinking ?? ''),
    },
  };
}

function applyStatus(state: ConversationState, status: ChatStatusEvent): ConversationState {
  switch (status.state) {
    case 'thinking':
    case 'streaming':
    case 'running-tools': {
      const turn = state.turn ?? newTurn(status.turnId, status.state);
      return {
        ...state,
        turn: { ...turn, turnId: status.turnId, phase: status.state },
        notice: status.message ?? state.notice,
      };
    }
    case 'done':
      // A reply that ended without finishing (cut at the length limit, empty): said with Retry.
      if (status.problem && status.message)
        return {
          ...state,
          turn: undefined,
          failure: { message: status.message, problem: status.problem },
        };
      return { ...state, turn: undefined, notice: status.message ?? state.notice };
    case 'stopped':
      return { ...state, turn: undefined, notice: status.message ?? state.notice };
    case 'failed':
      return {
        ...state,
        turn: undefined,
        failure: {
          message: status.message ?? 'The reply failed.',
          problem: status.problem,
          ...(status.link ? { link: status.link } : {}),
        },
      };
  }
}

function applyMessage(state: ConversationState, message: StoredMessage): ConversationState {
  const index = state.messages.findIndex((existing) => existing.id === message.id);
  const messages =
    index >= 0
      ? state.messages.map((existing, at) => (at === index ? message : existing))
      : insertById(state.messages, message);
  const toolResults =
    message.role === 'tool' && message.toolCallId
      ? { ...state.toolResults, [message.toolCallId]: message }
      : state.toolResults;
  // The saved assistant message now holds what was streaming; the next round starts empty.
  const turn =
    message.role === 'assistant' && state.turn
      ? { ...state.turn, content: '', thinking: '' }
      : state.turn;
  return { ...state, messages, toolResults, turn };
}

function insertById(messages: StoredMessage[], message: StoredMessage): StoredMessage[] {
  const last = messages.at(-1);
  if (!last || last.id < message.id) return [...messages, message];
  return [...messages, message].sort((a, b) => a.id - b.id);
}

/** Messages shown as bubbles: the user's and the assistant's (tool results sit in their cards). */
export function visibleMessages(messages: StoredMessage[]): StoredMessage[] {
  return messages.filter(
    (message) =>
      message.role === 'user' ||
      (message.role === 'assistant' &&
        (message.content !== '' || !!message.thinking || !!message.toolCalls?.length)),
  );
}

/** Whether a turn is in progress (the composer waits, Stop is offered). */
export function isRunning(state: ConversationState): boolean {
  return state.turn !== undefined;
}

/** Calls of the running turn that no saved assistant message lists yet. */
export function unattachedCalls(state: ConversationState): ToolCallEvent[] {
  const turnId = state.turn?.turnId;
  if (!turnId) return [];
  const attached = new Set<string>();
  for (const message of state.messages) {
    for (const call of message.toolCalls ?? []) attached.add(call.id);
  }
  return Object.values(state.calls).filter(
    (call) => call.turnId === turnId && !attached.has(call.callId),
  );
}

/** What the running turn waits for from the user, if anything: an approval or a password. */
export function waitingOnUser(state: ConversationState): 'approval' | 'password' | undefined {
  if (!state.turn) return undefined;
  const calls = Object.values(state.calls);
  if (calls.some((call) => call.state === 'waiting-approval')) return 'approval';
  if (calls.some((call) => call.state === 'waiting-password')) return 'password';
  return undefined;
}
