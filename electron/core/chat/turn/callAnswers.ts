/**
 * Every kind of tool call a reply can hold ends as the same value, a `CallAnswer`: a call over
 * the reply's cap is answered as not run; a call of `search_tools` answers with what it found and
 * the widened offer; a real call goes through approvals and its server (`toolCallRunner`).
 */
import type { ToolCall } from 'ollama';
import { jsonLongerThan, type ModelTool } from '../../mcp';
import { parseArguments } from '../toolCall/toolArguments';
import { runToolCall } from '../toolCall/toolCallRunner';
import type { CallResult } from '../toolCall/types';
import type { ToolOffer } from '../offer/types';
import {
  SEARCH_TOOLS_NAME,
  SEARCH_TOOLS_SERVER,
  searchResultText,
  searchTools,
  widenOffer,
} from '../offer/searchTools';
import type { CallAnswer, PlannedCall, ToolCallEvent, Turn } from './types';
import type { ToolCallOutcome } from '../../history';

/** Largest structured result kept for an MCP App in history (as JSON); larger ones are left out. */
export const MAX_APP_STRUCTURED_CHARS = 100_000;

/** The states a card ends in; every other state is shown while the call goes on. */
const FINAL_STATES = new Set<ToolCallEvent['state']>([
  'invalid',
  'done',
  'failed',
  'denied',
  'cancelled',
]);

/** A call beyond the reply's cap: not run, in words the model can act on. */
export function answerOverCap(
  turn: Turn,
  planned: PlannedCall,
  cap: number,
  asked: number,
): CallAnswer {
  const { call, callId } = planned;
  // Named as the catalog names it, even for a search call of this offer.
  const owner = turn.options.call.tools.resolve(call.function.name);
  return {
    callId,
    modelName: call.function.name,
    card: {
      ...cardBase(turn, planned),
      server: owner?.server ?? '',
      tool: owner?.tool ?? call.function.name,
      state: 'denied',
      message: `Not run: Hearth runs at most ${cap} tool calls from one reply (the limit in Settings); this reply asked for ${asked}.`,
    },
    content: `Not run: at most ${cap} tool calls are run from one reply, and this reply asked for ${asked}. Look at the results of the first ${cap}, then call the ones still needed in your next reply.`,
    outcome: 'not-run',
  };
}

/** A `search_tools` call: what it found, made callable in the next round within the budget. */
export function answerSearch(
  planned: PlannedCall,
  turn: Turn,
  tools: readonly ModelTool[],
  offer: ToolOffer,
): CallAnswer {
  const query = searchQuery(planned.call.function.arguments);
  const found = searchTools(tools, query);
  const content = searchResultText(query, found);
  return {
    callId: planned.callId,
    modelName: planned.call.function.name,
    // The card shows the search like any call: Hearth's own, run without asking.
    card: {
      ...cardBase(turn, planned),
      server: SEARCH_TOOLS_SERVER,
      tool: SEARCH_TOOLS_NAME,
      modelName: SEARCH_TOOLS_NAME,
      arguments: { query },
      state: 'done',
      durationMs: 0,
      result: { content: [{ type: 'text', text: content }] },
    },
    content,
    outcome: 'done',
    widenedOffer: widenOffer(offer, found),
  };
}

/**
 * A real call, through approvals and its server. Its card shows every state as it comes; the
 * last one is held for `record`. A call reached after the user stopped the turn is not run.
 */
export async function answerCall(
  turn: Turn,
  planned: PlannedCall,
  shared: {
    seen: Set<string>;
    readBefore: readonly { server: string; tool: string }[];
    /** The model can see: the result's images go with its tool message. */
    vision?: boolean;
  },
  appResourceUri: string | undefined,
): Promise<CallAnswer> {
  const { options } = turn;
  const { call, callId } = planned;
  const modelName = call.function.name;
  if (options.signal.aborted)
    return {
      callId,
      modelName,
      content: 'The call was not run: the user stopped the turn.',
      outcome: 'cancelled',
    };
  let card: ToolCallEvent | undefined;
  // An MCP App's call keeps its structured result too, so the app shows it again from history.
  let structured: unknown;
  const result = await runToolCall(
    { callId, modelName, rawArguments: call.function.arguments },
    {
      ...options.call,
      conversationId: options.conversationId,
      turnId: options.turnId,
      signal: options.signal,
      seen: shared.seen,
      readBefore: [...shared.readBefore],
      ...(shared.vision ? { vision: true } : {}),
      emit: (reported) => {
        const event = planned.fromText ? { ...reported, fromText: planned.fromText } : reported;
        if (event.result !== undefined)
          structured = (event.result as { structuredContent?: unknown }).structuredContent;
        if (FINAL_STATES.has(event.state)) card = event;
        else options.events.toolCall(event);
      },
    },
  );
  return {
    callId,
    modelName,
    ...(card ? { card } : {}),
    content: result.content,
    outcome: outcomeOf(result.state),
    ...(result.images?.length ? { images: result.images } : {}),
    ...appResult(appResourceUri, structured),
    ...(result.state === 'done' && planned.owner ? { ran: planned.owner } : {}),
  };
}

/** The arguments as saved in history: the object, or what the model sent when it was not one. */
export function asArguments(raw: unknown): Record<string, unknown> {
  const parsed = parseArguments(raw);
  return parsed.ok ? parsed.value : { _raw: typeof raw === 'string' ? raw : JSON.stringify(raw) };
}

function cardBase(turn: Turn, { call, callId, fromText }: PlannedCall) {
  return {
    conversationId: turn.options.conversationId,
    turnId: turn.options.turnId,
    callId,
    modelName: call.function.name,
    arguments: asArguments(call.function.arguments),
    ...(fromText ? { fromText } : {}),
  };
}

/** The model's words for the search tool, whatever shape its arguments came in. */
function searchQuery(raw: unknown): string {
  const parsed = parseArguments(raw);
  const query = parsed.ok ? parsed.value.query : undefined;
  return (typeof query === 'string' ? query : '').slice(0, 500);
}

/** How a call's last state is kept in history. */
function outcomeOf(state: CallResult['state']): ToolCallOutcome {
  if (state === 'done' || state === 'denied' || state === 'cancelled') return state;
  if (state === 'waiting-approval' || state === 'waiting-password' || state === 'running')
    return 'not-run';
  return 'failed';
}

/** What an app's call keeps besides its text: its structured result, when small enough. */
function appResult(
  appResourceUri: string | undefined,
  structured: unknown,
): { appStructuredContent?: Record<string, unknown> } {
  if (!appResourceUri || !structured || typeof structured !== 'object') return {};
  if (jsonLongerThan(structured, MAX_APP_STRUCTURED_CHARS)) return {};
  return { appStructuredContent: structured as Record<string, unknown> };
}

/** A call of the search tool this turn offered (a server's tool of that name is its own). */
export function isSearch(call: ToolCall, offer: ToolOffer, turn: Turn): boolean {
  return (
    call.function.name === SEARCH_TOOLS_NAME &&
    offer.tools.some(
      (tool) => tool.modelName === SEARCH_TOOLS_NAME && tool.server === SEARCH_TOOLS_SERVER,
    ) &&
    !turn.options.call.tools.resolve(SEARCH_TOOLS_NAME)
  );
}
