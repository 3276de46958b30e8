/**
 * One chat turn (docs/architecture.md, "One chat turn"): the user's message, then rounds of
 * model reply and tool calls until the model answers without tools, the loop limit is reached, or
 * the user stops it. A round reads: reply → save the assistant message → for each call,
 * record(await answer(call)) → next round. Every completed step is saved at once, so a crash
 * loses at most the step in flight, and every tool call the model made gets its result message,
 * so the history stays consistent even when a turn is stopped.
 */
import { randomUUID } from 'node:crypto';
import type { ToolCall } from 'ollama';
import type { NewMessage, StoredMessage } from '../../history';
import { HEARTH_CLOSING, toolAppResourceUri } from '../../mcp';
import type { ModelCapabilities } from '../../ollama/ollamaService';
import { OllamaError } from '../../ollama/ollamaErrors';
import { unfinishedReply } from './replyEnding';
import type { ToolOffer } from '../offer/types';
import { SEARCH_TOOLS_NAME, SEARCH_TOOLS_SERVER } from '../offer/searchTools';
import { offerForTurn, turnQuery } from '../offer/turnOffer';
import { answerCall, answerOverCap, answerSearch, asArguments, isSearch } from './callAnswers';
import { prepareRequest, readReply, type ContextTold } from './modelReply';
import { record } from './record';
import { rescueUnread, withTextCalls } from './textCallReply';
import type { CallAnswer, PlannedCall, Reply, Turn, TurnOptions } from './types';

export async function runTurn(options: TurnOptions): Promise<void> {
  const { model, signal } = options;
  const turn = openTurn(options);
  turn.save(options.opening);
  turn.status('thinking');
  // What the first request must know of the model (whether it runs on ollama.com) is asked of
  // Ollama while the turn reads capabilities and builds its offer and request.
  options.provider.prepareChat?.(model, signal);

  let capabilities: ModelCapabilities;
  try {
    capabilities = await options.provider.capabilities(model);
  } catch (error) {
    return turn.fail(error);
  }
  if (capabilities.tools && options.serversStarted) {
    let waited = false;
    await options.serversStarted(signal, (message) => {
      waited = true;
      turn.status('thinking', message);
    });
    if (signal.aborted) return turn.status('stopped');
    if (waited) turn.status('thinking');
  }
  const tools = capabilities.tools ? options.tools() : [];
  if (!capabilities.tools && options.tools().length > 0)
    turn.status(
      'thinking',
      `“${model}” cannot use tools, so this reply is written without them. Pick a model with tool support to use your servers.`,
    );
  const seen = new Set<string>();
  // Tools whose results the model has read this turn: content from outside, which may steer it.
  const readBefore: { server: string; tool: string }[] = [];
  let offer = await offerForTurn(options.offerTools, {
    model,
    capabilities,
    tools,
    query: turnQuery(options.opening, options.earlier),
    history: turn.messages,
    signal,
  });
  const told: ContextTold = { dropped: false };

  for (let round = 0; ; round++) {
    if (round >= options.settings.loopLimit)
      return turn.status(
        'done',
        `Hearth stopped after ${options.settings.loopLimit} rounds of tool calls in one turn (the limit in Settings). Ask again to continue.`,
      );
    const { request, facts } = await prepareRequest(turn, offer, capabilities, told);
    if (signal.aborted) return turn.status('stopped');
    const read = await readReply(turn, request, facts, (raw) => rescueUnread(turn, offer, raw));
    if (!read) return;
    const reply = withTextCalls(turn, read, offer);
    const calls = planCalls(turn, reply, offer);
    const [assistant] = turn.save([assistantMessage(model, reply, calls)]);
    // A reply cut at the length limit, or empty, is said under it with a way to retry.
    if (calls.length === 0) {
      const unfinished = unfinishedReply(reply);
      return turn.status('done', unfinished?.message, unfinished?.problem);
    }

    turn.status('running-tools');
    for (const [index, planned] of calls.entries()) {
      const answer = await answerFor(index, planned, calls.length);
      // Hearth is closing: calls left without a result are answered at the next start (a task
      // still running on its server then gets its real result).
      if (signal.aborted && signal.reason === HEARTH_CLOSING) {
        if (answer.card) options.events.toolCall(answer.card);
        return turn.status('stopped');
      }
      record(turn, assistant?.id, answer, readBefore);
      offer = answer.widenedOffer ?? offer;
    }
    if (signal.aborted) return turn.status('stopped');
  }

  /** Each kind of call answered its own way, all as one `CallAnswer`. */
  function answerFor(index: number, planned: PlannedCall, asked: number): Promise<CallAnswer> {
    const cap = options.settings.maxCallsPerReply;
    if (index >= cap && !signal.aborted)
      return Promise.resolve(answerOverCap(turn, planned, cap, asked));
    if (isSearch(planned.call, offer, turn) && !signal.aborted)
      return Promise.resolve(answerSearch(planned, turn, tools, offer));
    return answerCall(
      turn,
      planned,
      { seen, readBefore, vision: capabilities.vision },
      planned.appResourceUri,
    );
  }
}

/** The turn's shared parts: how it speaks to the page and keeps what it did. */
function openTurn(options: TurnOptions): Turn {
  const { conversationId, turnId, history, events, signal } = options;
  // The conversation as this turn sends it: as the caller read it, then kept in step with what
  // it saves, rather than read back from the database for every request of a long conversation.
  const messages: StoredMessage[] = [...options.earlier];
  const turn: Turn = {
    options,
    messages,
    status: (state, message, problem, link) =>
      events.status({
        conversationId,
        turnId,
        state,
        ...(message ? { message } : {}),
        ...(problem ? { problem } : {}),
        ...(link ? { link } : {}),
      }),
    save: (newMessages) => {
      const stored = history.append(conversationId, newMessages);
      messages.push(...stored);
      events.saved(conversationId, stored);
      return stored;
    },
    fail: (error) => {
      if (signal.aborted || (error instanceof OllamaError && error.problem === 'cancelled'))
        return turn.status('stopped');
      const problem = error instanceof OllamaError ? error.problem : 'failed';
      const link = error instanceof OllamaError ? error.link : undefined;
      turn.status('failed', error instanceof Error ? error.message : String(error), problem, link);
    },
  };
  return turn;
}

/** The reply's tool calls with Hearth's ids, who serves each, and the app a tool declares. */
function planCalls(turn: Turn, reply: Reply, offer: ToolOffer): PlannedCall[] {
  const tools = turn.options.call.tools;
  const fromText = reply.written ? { fromText: reply.written } : {};
  return reply.toolCalls.map((call) => {
    const owner = isSearch(call, offer, turn)
      ? { server: SEARCH_TOOLS_SERVER, tool: SEARCH_TOOLS_NAME }
      : tools.resolve(call.function.name);
    const appResourceUri = toolAppResourceUri(owner && tools.definition(owner.server, owner.tool));
    return {
      call,
      callId: randomUUID(),
      owner,
      ...(appResourceUri ? { appResourceUri } : {}),
      ...fromText,
    };
  });
}

/** The assistant message as saved: the reply, what its request carried, and its tool calls. */
function assistantMessage(model: string, reply: Reply, calls: PlannedCall[]): NewMessage {
  return {
    role: 'assistant',
    content: reply.content,
    ...(reply.thinking ? { thinking: reply.thinking } : {}),
    model,
    ...(reply.timings ? { timings: reply.timings } : {}),
    request: reply.request,
    ...(calls.length
      ? {
          toolCalls: calls.map(({ call, callId, owner, appResourceUri, fromText }) => ({
            id: callId,
            server: owner?.server ?? '',
            tool: owner?.tool ?? call.function.name,
            modelName: call.function.name,
            arguments: asArguments(call.function.arguments),
            ...modelCallIdOf(call),
            // An MCP App's resource is kept with the call, so history can show the app again.
            ...(appResourceUri ? { appResourceUri } : {}),
            // Read from the model's text: history keeps the text beside the call.
            ...(fromText ? { fromText } : {}),
          })),
        }
      : {}),
  };
}

/**
 * Ollama's id for a call (api.ToolCall.ID, set by toolCallId() in server/routes.go), kept so the
 * result goes back with it as `tool_call_id`; the `ollama` client's types do not list it yet.
 */
function modelCallIdOf(call: ToolCall): { modelCallId?: string } {
  const id = (call as ToolCall & { id?: unknown }).id;
  return typeof id === 'string' && id !== '' && id.length <= 256 ? { modelCallId: id } : {};
}
