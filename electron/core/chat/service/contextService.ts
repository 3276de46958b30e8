/**
 * The context beside the composer, and the summaries that manage it: what the next request would
 * take of the model's window (the same computation the turn builds its request with,
 * context/requestContext.ts, over the conversation and the message being written), and writing,
 * editing and undoing a summary that stands for older turns.
 */
import type { z } from 'zod';
import type { Settings } from '../../../../preload/contract';
import type {
  ContextDraft,
  ContextSummary,
  ContextUsage,
} from '../../../../preload/schemas/context';
import type { chatSendSchema } from '../../../../preload/schemas/chat';
import { UserFacingError } from '../../bridge/errors';
import type { EventHub } from '../../bridge/events';
import type { ConversationStore } from '../../history';
import type { NewMessage, StoredMessage } from '../../history';
import type { ModelTool } from '../../mcp';
import type { ModelProvider } from '../../ollama/ollamaService';
import { REPLY_RESERVE_TOKENS } from '../context/numCtx';
import { requestContext, type RequestContextInput } from '../context/requestContext';
import type { FileImages } from '../context/attachments';
import { summaryCover, type SummaryCover } from '../context/summaryCover';
import { summaryChatRequest, transcriptParts } from '../context/summaryRequest';
import type { OfferTools } from '../offer/toolOffer';
import { offerForTurn, turnQuery } from '../offer/turnOffer';

export interface ContextService {
  /** What the next request would take of the window, by part, with the message being written. */
  usage(draft: ContextDraft): Promise<ContextUsage>;
  /** Summarises the older turns the next request would leave out (at least the oldest turn). */
  summarise(draft: ContextDraft): Promise<ContextSummary>;
  current(conversationId: string): ContextSummary | null;
  edit(conversationId: string, summaryId: number, content: string): ContextSummary;
  /** Requests go back to what they were before that summary; returns the one in force now. */
  undo(conversationId: string, summaryId: number): ContextSummary | null;
  /**
   * For a turn when the user lets Hearth summarise without asking: summarises what its next
   * request would leave out. Resolves with why it could not, in words, or undefined.
   */
  summariseOlder(
    conversationId: string,
    model: string,
    input: RequestContextInput,
    signal: AbortSignal,
  ): Promise<string | undefined>;
}

export interface ContextServiceOptions {
  history: ConversationStore;
  events: EventHub;
  settings(): Settings;
  provider(): ModelProvider;
  /** The tools a turn starting now may offer. */
  tools(): ModelTool[];
  offerTools?: OfferTools;
  /** The system prompt a turn starting now sends, for a conversation with this prompt. */
  systemPrompt(conversationPrompt: string | undefined): string;
  /** The message being written as sending makes it (openingMessages.ts: attachments read). */
  opening(input: z.output<typeof chatSendSchema>): Promise<NewMessage[]>;
  /** Whether a turn runs in the conversation now. */
  busy(conversationId: string): boolean;
  /** Where attached files' images are read from, so the bar counts them as sending would. */
  files?: FileImages;
}

export function createContextService(options: ContextServiceOptions): ContextService {
  const { history } = options;
  const changed = (conversationId: string, summary: ContextSummary | undefined) =>
    options.events.emit('chat:summaryChanged', { conversationId, summary: summary ?? null });

  /** The next request's input, as a turn starting now with `draft` would build it. */
  async function nextRequest(draft: ContextDraft) {
    const settings = options.settings();
    const existing = draft.conversationId ? history.get(draft.conversationId) : undefined;
    if (draft.conversationId && !existing)
      throw new UserFacingError('That conversation no longer exists.');
    const model = draft.model ?? existing?.model ?? settings.chat.model;
    if (!model) throw new UserFacingError('Pick a model first.');
    const capabilities = await options.provider().capabilities(model);
    const opening =
      draft.text.trim() || draft.attachments.length || draft.files.length
        ? await options.opening({
            text: draft.text,
            attachments: draft.attachments,
            files: draft.files,
          })
        : [];
    const createdAt = new Date().toISOString();
    // Not saved yet: ids after every saved one, as saving would give.
    const drafted: StoredMessage[] = opening.map((message, index) => ({
      ...message,
      id: Number.MAX_SAFE_INTEGER - opening.length + 1 + index,
      createdAt,
    }));
    const messages = [...(existing?.messages ?? []), ...drafted];
    const offer = await offerForTurn(options.offerTools, {
      model,
      capabilities,
      tools: capabilities.tools ? options.tools() : [],
      query: turnQuery(opening),
      history: messages,
    });
    const summary = existing ? history.summaries.current(existing.id) : undefined;
    const input: RequestContextInput = {
      systemPrompt: options.systemPrompt(existing?.options.instructions),
      messages,
      ...(summary ? { summary } : {}),
      vision: capabilities.vision,
      ...(options.files ? { files: options.files } : {}),
      toolsJson: JSON.stringify(offer.tools.map((tool) => tool.ollama)),
      fixedContextTokens: settings.chat.contextTokens,
      capTokens: settings.chat.contextCapTokens ?? capabilities.contextLength,
      modelMaxTokens: capabilities.contextLength,
    };
    return { model, conversationId: existing?.id, summary, input };
  }

  /** Writes and saves a summary of `cover`, carrying the one in force forward. */
  async function write(
    conversationId: string,
    conversationModel: string,
    cover: SummaryCover,
    signal?: AbortSignal,
  ): Promise<ContextSummary> {
    const settings = options.settings();
    const model = settings.chat.summaryModel || conversationModel;
    const provider = options.provider();
    const capabilities = await provider.capabilities(model);
    const window = {
      fixedContextTokens: settings.chat.contextTokens,
      capTokens: settings.chat.contextCapTokens,
      modelMaxTokens: capabilities.contextLength,
    };
    const previous = history.summaries.current(conversationId);
    let summary = previous?.content;
    for (const part of transcriptParts(cover.messages, window)) {
      const request = summaryChatRequest({
        model,
        previous: summary,
        part,
        window,
        keepAlive: settings.ollama.keepAlive,
        ...(capabilities.thinking
          ? { thinking: { levels: capabilities.thinkLevels === true } }
          : {}),
      });
      let written = '';
      for await (const chunk of provider.chat(request, signal ? { signal } : {}))
        written += chunk.message?.content ?? '';
      if (!written.trim()) throw new UserFacingError(`“${model}” wrote an empty summary.`);
      summary = written.trim();
    }
    if (summary === undefined) throw new UserFacingError('There was nothing to summarise.');
    const saved = history.summaries.add(conversationId, {
      throughMessageId: cover.throughMessageId,
      coveredMessages: (previous?.coveredMessages ?? 0) + cover.messages.length,
      content: summary,
      model,
    });
    changed(conversationId, saved);
    return saved;
  }

  return {
    async usage(draft) {
      const next = await nextRequest(draft);
      const context = requestContext(next.input);
      return {
        model: next.model,
        numCtx: context.numCtx,
        limit: context.limit,
        estimatedTokens: context.estimatedTokens,
        replyReserveTokens: REPLY_RESERVE_TOKENS,
        parts: context.parts,
        droppedMessages: context.droppedMessages,
        summarisable:
          context.droppedMessages > 0 &&
          next.conversationId !== undefined &&
          summaryCover(next.input) !== undefined,
        summary: next.summary ?? null,
      };
    },
    async summarise(draft) {
      if (!draft.conversationId)
        throw new UserFacingError('There is no conversation to summarise.');
      if (options.busy(draft.conversationId))
        throw new UserFacingError(
          'A reply is still being written here. Summarise when it has finished.',
        );
      const next = await nextRequest(draft);
      const cover = summaryCover(next.input);
      if (!cover)
        throw new UserFacingError(
          'There are no older turns to summarise: only the latest message is here.',
        );
      return write(draft.conversationId, next.model, cover);
    },
    current: (conversationId) => history.summaries.current(conversationId) ?? null,
    edit(conversationId, summaryId, content) {
      if (!content.trim()) throw new UserFacingError('A summary cannot be empty; undo it instead.');
      const edited = history.summaries.edit(conversationId, summaryId, content.trim());
      changed(conversationId, edited);
      return edited;
    },
    undo(conversationId, summaryId) {
      const now = history.summaries.undo(conversationId, summaryId);
      changed(conversationId, now);
      return now ?? null;
    },
    async summariseOlder(conversationId, model, input, signal) {
      const cover = summaryCover(input);
      if (!cover) return undefined;
      try {
        await write(conversationId, model, cover, signal);
        return undefined;
      } catch (error) {
        if (signal.aborted) return undefined;
        return `Summarising older turns did not work (${(error as Error).message.replace(/\.$/, '')}).`;
      }
    },
  };
}
