/**
 * One chat turn (docs/architecture.md, "One chat turn"): the user's message, then rounds of model reply
 * and tool calls until the model answers without tools, the loop limit is reached, or the user
 * stops it. Every completed step is saved at once, so a crash loses at most the step in flight,
 * and every tool call the model made gets its result message, so the history stays consistent
 * even when a turn is stopped.
 */
import { randomUUID } from 'node:crypto';
import type { ChatRequest, Message, ToolCall } from 'ollama';
import type { z } from 'zod';
import type {
  chatDeltaSchema,
  chatStatusSchema,
  toolCallEventSchema,
} from '../../../preload/schemas/chat';
import type { ConversationStore } from '../history/conversationStore';
import type { NewMessage, StoredMessage, ToolCallOutcome } from '../history/types';
import type { ModelTool } from '../mcp/toolCatalog';
import type { Tool } from '@modelcontextprotocol/client';
import { OllamaError } from '../ollama/ollamaErrors';
import type { ModelCapabilities, ModelProvider } from '../ollama/ollamaService';
import { droppedNotice, sizeContext } from './contextSizing';
import { createDeltaBatcher } from './deltaBatcher';
import { toOllamaMessages } from './ollamaMessages';
import { unfinishedReply } from './replyEnding';
import { parseArguments } from './toolArguments';
import { jsonLongerThan } from '../mcp/boundedJson';
import { toolAppResourceUri } from '../mcp/apps/appResource';
import { HEARTH_CLOSING } from '../mcp/tasks/toolTask';
import { runToolCall, type CallContext, type CallResult } from './toolCallRunner';
import type { OfferTools, ToolOffer } from './toolOffer';
import {
  SEARCH_TOOLS_NAME,
  SEARCH_TOOLS_SERVER,
  searchResultText,
  searchTools,
  widenOffer,
} from './toolSearch';
import { lastNumCtx, offerForTurn, requestFacts, turnQuery } from './turnTools';

export interface TurnEvents {
  delta(event: z.output<typeof chatDeltaSchema>): void;
  status(event: z.output<typeof chatStatusSchema>): void;
  toolCall(event: z.output<typeof toolCallEventSchema>): void;
  /** Messages were saved (the stored copies, with their ids). */
  saved(conversationId: string, messages: StoredMessage[]): void;
}

export interface TurnOptions {
  conversationId: string;
  turnId: string;
  model: string;
  /** What the turn starts with: the user's message (after a prompt's messages, if any). */
  opening: NewMessage[];
  /** The conversation's messages before this turn, as the caller just read them. */
  earlier: readonly StoredMessage[];
  signal: AbortSignal;
  provider: ModelProvider;
  history: ConversationStore;
  systemPrompt: string;
  tools(): ModelTool[];
  /** Chooses the tools offered when they exceed the model's budget; absent: all of them. */
  offerTools?: OfferTools;
  /** A tool ran for the turn's message: selection may learn from it. */
  learn?(message: string, owner: { server: string; tool: string }): void;
  settings: {
    loopLimit: number;
    /** Calls beyond this many in one reply are answered as not run. */
    maxCallsPerReply: number;
    /** How long a reply may take to start, and then to send its next token. */
    firstTokenSeconds?: number;
    idleSeconds?: number;
    contextTokens: number;
    contextCapTokens?: number;
    temperature: number | null;
    think: boolean;
    /** What a model taking levels (gpt-oss) is sent instead of on/off. */
    thinkLevel?: 'low' | 'medium' | 'high';
    /** Seconds as a number, or a Go duration string (Ollama's api.Duration). */
    keepAlive: string | number;
  };
  call: Omit<CallContext, 'conversationId' | 'turnId' | 'signal' | 'seen' | 'emit' | 'readBefore'>;
  events: TurnEvents;
}

export async function runTurn(options: TurnOptions): Promise<void> {
  const { conversationId, turnId, model, history, events, signal } = options;
  const status = (
    state: z.output<typeof chatStatusSchema>['state'],
    message?: string,
    problem?: string,
    link?: string,
  ) =>
    events.status({
      conversationId,
      turnId,
      state,
      ...(message ? { message } : {}),
      ...(problem ? { problem } : {}),
      ...(link ? { link } : {}),
    });

  // The conversation as this turn sends it: as the caller read it, then kept in step with what
  // it saves, rather than read back from the database for every request of a long conversation.
  const messages: StoredMessage[] = [...options.earlier];
  /** Saves a completed step at once, so a crash loses at most the step in flight. */
  const save = (newMessages: NewMessage[]) => {
    const stored = history.append(conversationId, newMessages);
    messages.push(...stored);
    events.saved(conversationId, stored);
    return stored;
  };

  save(options.opening);
  status('thinking');

  let capabilities: ModelCapabilities;
  try {
    capabilities = await options.provider.capabilities(model);
  } catch (error) {
    return fail(error);
  }
  const available = options.tools();
  const tools = capabilities.tools ? available : [];
  if (!capabilities.tools && available.length > 0) {
    status(
      'thinking',
      `“${model}” cannot use tools, so this reply is written without them. Pick a model with tool support to use your servers.`,
    );
  }
  const seen = new Set<string>();
  // Tools whose results the model has read this turn: content from outside, which may steer it.
  const readBefore: { server: string; tool: string }[] = [];
  let offer = await offerForTurn(options.offerTools, {
    model,
    capabilities,
    tools,
    query: turnQuery(options.opening),
    history: messages,
    signal,
  });
  let toldDropped = false;

  for (let round = 0; ; round++) {
    if (round >= options.settings.loopLimit) {
      return status(
        'done',
        `Hearth stopped after ${options.settings.loopLimit} rounds of tool calls in one turn (the limit in Settings). Ask again to continue.`,
      );
    }
    const reply = await streamReply(offer, capabilities);
    if (!reply) return;
    const calls = reply.toolCalls.map((call) => ({
      call,
      callId: randomUUID(),
      owner: isSearch(call)
        ? { server: SEARCH_TOOLS_SERVER, tool: SEARCH_TOOLS_NAME }
        : options.call.tools.resolve(call.function.name),
    }));
    const [assistant] = save([
      {
        role: 'assistant',
        content: reply.content,
        ...(reply.thinking ? { thinking: reply.thinking } : {}),
        model,
        ...(reply.timings ? { timings: reply.timings } : {}),
        request: reply.request,
        ...(calls.length
          ? {
              toolCalls: calls.map(({ call, callId, owner }) => ({
                id: callId,
                server: owner?.server ?? '',
                tool: owner?.tool ?? call.function.name,
                modelName: call.function.name,
                arguments: asArguments(call.function.arguments),
                ...modelCallIdOf(call),
                // An MCP App's resource is kept with the call, so history can show the app again.
                ...appResourceOf(owner && options.call.tools.definition(owner.server, owner.tool)),
              })),
            }
          : {}),
      },
    ]);
    if (calls.length === 0) {
      // A reply cut at the length limit, or empty, is said under it with a way to retry.
      const unfinished = unfinishedReply(reply);
      return unfinished ? status('done', unfinished.message, unfinished.problem) : status('done');
    }

    status('running-tools');
    const cap = options.settings.maxCallsPerReply;
    for (const [index, { call, callId }] of calls.entries()) {
      if (index >= cap && !signal.aborted) {
        refuseOverCap(call, callId, cap, calls.length, assistant?.id);
        continue;
      }
      if (isSearch(call) && !signal.aborted) {
        const query = searchQuery(call.function.arguments);
        const found = searchTools(tools, query);
        // Found tools become callable in the next round of this turn, within the budget.
        offer = widenOffer(offer, found);
        const content = searchResultText(query, found);
        // The card shows the search like any call: Hearth's own, run without asking.
        events.toolCall({
          conversationId,
          turnId,
          callId,
          server: SEARCH_TOOLS_SERVER,
          tool: SEARCH_TOOLS_NAME,
          modelName: SEARCH_TOOLS_NAME,
          arguments: { query },
          state: 'done',
          durationMs: 0,
          result: { content: [{ type: 'text', text: content }] },
        });
        if (assistant) history.setToolCallOutcome(conversationId, assistant.id, callId, 'done');
        save([{ role: 'tool', content, toolCallId: callId, toolName: call.function.name }]);
        continue;
      }
      // An MCP App's call keeps its structured result too, so the app shows it again from history.
      let structured: unknown;
      const result = signal.aborted
        ? {
            content: 'The call was not run: the user stopped the turn.',
            state: 'cancelled' as const,
          }
        : await runToolCall(
            { callId, modelName: call.function.name, rawArguments: call.function.arguments },
            {
              ...options.call,
              conversationId,
              turnId,
              signal,
              seen,
              readBefore: [...readBefore],
              emit: (event) => {
                if (event.result !== undefined)
                  structured = (event.result as { structuredContent?: unknown }).structuredContent;
                events.toolCall(event);
              },
            },
          );
      // Hearth is closing: calls left without a result are answered at the next start (a task
      // still running on its server then gets its real result).
      if (signal.aborted && signal.reason === HEARTH_CLOSING) return status('stopped');
      const owner = calls.find((entry) => entry.callId === callId)?.owner;
      if (result.state === 'done' && owner) options.learn?.(turnQuery(options.opening), owner);
      // The card shown from history later says how the call ended.
      if (assistant)
        history.setToolCallOutcome(
          conversationId,
          assistant.id,
          callId,
          outcomeOf(result.state),
          appResultOf(assistant, callId, structured),
        );
      save([
        { role: 'tool', content: result.content, toolCallId: callId, toolName: call.function.name },
      ]);
      if (result.state === 'done' && owner && !readBefore.some((read) => sameTool(read, owner)))
        readBefore.push({ server: owner.server, tool: owner.tool });
    }
    if (signal.aborted) return status('stopped');
  }

  /** A call beyond the reply's cap: answered as not run, in words the model can act on. */
  function refuseOverCap(
    call: ToolCall,
    callId: string,
    cap: number,
    asked: number,
    assistantId: number | undefined,
  ): void {
    const owner = options.call.tools.resolve(call.function.name);
    events.toolCall({
      conversationId,
      turnId,
      callId,
      server: owner?.server ?? '',
      tool: owner?.tool ?? call.function.name,
      modelName: call.function.name,
      arguments: asArguments(call.function.arguments),
      state: 'denied',
      message: `Not run: Hearth runs at most ${cap} tool calls from one reply (the limit in Settings); this reply asked for ${asked}.`,
    });
    if (assistantId !== undefined)
      history.setToolCallOutcome(conversationId, assistantId, callId, 'not-run');
    save([
      {
        role: 'tool',
        content: `Not run: at most ${cap} tool calls are run from one reply, and this reply asked for ${asked}. Look at the results of the first ${cap}, then call the ones still needed in your next reply.`,
        toolCallId: callId,
        toolName: call.function.name,
      },
    ]);
  }

  /** A call of the search tool this turn offered (a server's tool of that name is its own). */
  function isSearch(call: ToolCall): boolean {
    return (
      call.function.name === SEARCH_TOOLS_NAME &&
      offer.tools.some(
        (tool) => tool.modelName === SEARCH_TOOLS_NAME && tool.server === SEARCH_TOOLS_SERVER,
      ) &&
      !options.call.tools.resolve(SEARCH_TOOLS_NAME)
    );
  }

  async function streamReply(offer: ToolOffer, capabilities: ModelCapabilities) {
    const ollamaTools = offer.tools.map((tool) => tool.ollama);
    const fitted = sizeContext({
      system: options.systemPrompt,
      messages: toOllamaMessages(messages, capabilities.vision),
      toolsJson: JSON.stringify(ollamaTools),
      fixedContextTokens: options.settings.contextTokens,
      capTokens: options.settings.contextCapTokens ?? capabilities.contextLength,
      modelMaxTokens: capabilities.contextLength,
      floorTokens: lastNumCtx(messages),
    });
    const numCtx = fitted.numCtx;
    // Said once a turn, and kept with the reply: dropping history is never silent.
    if (fitted.droppedMessages > 0 && !toldDropped) {
      toldDropped = true;
      status('thinking', droppedNotice(fitted.droppedMessages));
    }
    const request: ChatRequest = {
      model,
      // fitToContext returns a subset of the messages it was given, in their own type.
      messages: [
        { role: 'system', content: options.systemPrompt },
        ...(fitted.messages as Message[]),
      ],
      ...(ollamaTools.length ? { tools: ollamaTools } : {}),
      ...(capabilities.thinking ? { think: thinkValue(capabilities, options.settings) } : {}),
      keep_alive: options.settings.keepAlive,
      // Always sent: Ollama's small default would silently cut the prompt from the front.
      options: {
        num_ctx: numCtx,
        ...(options.settings.temperature === null
          ? {}
          : { temperature: options.settings.temperature }),
      },
    };
    const batcher = createDeltaBatcher((delta) =>
      events.delta({ conversationId, turnId, ...delta }),
    );
    let content = '';
    let thinking = '';
    const toolCalls: ToolCall[] = [];
    let timings:
      { totalMs: number; promptTokens: number; evalTokens: number; evalMs: number } | undefined;
    let streaming = false;
    let doneReason: string | undefined;
    try {
      const limits = {
        ...(options.settings.firstTokenSeconds
          ? { firstTokenTimeoutMs: options.settings.firstTokenSeconds * 1_000 }
          : {}),
        ...(options.settings.idleSeconds
          ? { idleTimeoutMs: options.settings.idleSeconds * 1_000 }
          : {}),
      };
      for await (const chunk of options.provider.chat(request, { signal, ...limits })) {
        const piece = chunk.message?.content ?? '';
        const thought = chunk.message?.thinking ?? '';
        if (!streaming && (piece || thought)) {
          streaming = true;
          status('streaming');
        }
        content += piece;
        thinking += thought;
        if (piece || thought) batcher.add({ content: piece, thinking: thought });
        toolCalls.push(...(chunk.message?.tool_calls ?? []));
        if (chunk.done) {
          doneReason = chunk.done_reason;
          timings = {
            totalMs: Math.round((chunk.total_duration ?? 0) / 1e6),
            promptTokens: chunk.prompt_eval_count ?? 0,
            evalTokens: chunk.eval_count ?? 0,
            evalMs: Math.round((chunk.eval_duration ?? 0) / 1e6),
          };
        }
      }
      batcher.flush();
      const facts = requestFacts(offer, fitted);
      return { content, thinking, toolCalls, timings, request: facts, doneReason };
    } catch (error) {
      batcher.flush();
      // What was written before the failure is kept, marked as cut, never silently lost.
      if (content || thinking) {
        save([
          {
            role: 'assistant',
            content: `${content}\n\n[The reply was cut off.]`.trim(),
            ...(thinking ? { thinking } : {}),
            model,
          },
        ]);
      }
      fail(error);
      return undefined;
    }
  }

  function fail(error: unknown): void {
    if (signal.aborted || (error instanceof OllamaError && error.problem === 'cancelled'))
      return status('stopped');
    const problem = error instanceof OllamaError ? error.problem : 'failed';
    const link = error instanceof OllamaError ? error.link : undefined;
    status('failed', error instanceof Error ? error.message : String(error), problem, link);
  }
}

/**
 * `think` as the model takes it: a level for gpt-oss (which ignores true/false and cannot stop
 * thinking: harmony in Ollama's server/routes.go), on/off for the others.
 */
function thinkValue(
  capabilities: ModelCapabilities,
  settings: TurnOptions['settings'],
): ChatRequest['think'] {
  if (!capabilities.thinkLevels) return settings.think;
  return settings.thinkLevel ?? 'medium';
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

/** The arguments as saved in history: the object, or what the model sent when it was not one. */
function asArguments(raw: unknown): Record<string, unknown> {
  const parsed = parseArguments(raw);
  return parsed.ok ? parsed.value : { _raw: typeof raw === 'string' ? raw : JSON.stringify(raw) };
}

function sameTool(
  a: { server: string; tool: string },
  b: { server: string; tool: string },
): boolean {
  return a.server === b.server && a.tool === b.tool;
}

/**
 * Ollama's id for a call (api.ToolCall.ID, set by toolCallId() in server/routes.go), kept so the
 * result goes back with it as `tool_call_id`; the `ollama` client's types do not list it yet.
 */
function modelCallIdOf(call: ToolCall): { modelCallId?: string } {
  const id = (call as ToolCall & { id?: unknown }).id;
  return typeof id === 'string' && id !== '' && id.length <= 256 ? { modelCallId: id } : {};
}

/** The `ui://` resource a tool declares, as saved with its call. */
function appResourceOf(definition: Tool | undefined): { appResourceUri?: string } {
  const uri = toolAppResourceUri(definition);
  return uri ? { appResourceUri: uri } : {};
}

/** Largest structured result kept for an MCP App in history (as JSON); larger ones are left out. */
export const MAX_APP_STRUCTURED_CHARS = 100_000;

/** What an app's call keeps besides its text: its structured result, when small enough. */
function appResultOf(
  assistant: StoredMessage,
  callId: string,
  structured: unknown,
): { appStructuredContent?: Record<string, unknown> } {
  const stored = assistant.toolCalls?.find((call) => call.id === callId);
  if (!stored?.appResourceUri || !structured || typeof structured !== 'object') return {};
  if (jsonLongerThan(structured, MAX_APP_STRUCTURED_CHARS)) return {};
  return { appStructuredContent: structured as Record<string, unknown> };
}
