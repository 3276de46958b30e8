/**
 * The shapes of chat across the bridge: conversations and their messages, the events of a turn
 * as it streams, the questions main asks the user (approve a tool call, give a sudo password),
 * and the models Ollama offers.
 */
import { z } from 'zod';
import { attachmentRefSchema, attachmentSchema, MAX_ATTACHMENTS, promptRunSchema } from './content';
import { MAX_FILES_PER_MESSAGE } from './fileKinds';
import { fileRefSchema } from './files';
import { serverNameSchema, toolAnnotationsSchema } from './servers';
import { TEMPERATURE_RANGE } from './samplingBounds';

const id = z.string().min(1).max(128);
const text = z.string().max(10_000_000);

export const toolCallOutcomeSchema = z.enum(['done', 'failed', 'denied', 'cancelled', 'not-run']);

export const storedToolCallSchema = z.strictObject({
  id,
  server: z.string().max(256),
  tool: z.string().max(1_000),
  modelName: z.string().max(256),
  arguments: z.record(z.string(), z.unknown()),
  /** Ollama's own id for the call, sent back with its result as `tool_call_id`. */
  modelCallId: z.string().max(256).optional(),
  outcome: toolCallOutcomeSchema.optional(),
  /** The MCP App (`ui://` resource) the tool declared when it was called. */
  appResourceUri: z.string().max(4_096).optional(),
  /** That app's call's structured result, so the app shows it again from history. */
  appStructuredContent: z.record(z.string(), z.unknown()).optional(),
  /** The text the model wrote the call as, when Hearth read the call from the reply's text. */
  fromText: z.string().max(100_000).optional(),
});

/** What one model request carried: the tools offered (and why) and the context it was sized to. */
export const requestFactsSchema = z.strictObject({
  tools: z
    .array(
      z.strictObject({
        server: z.string().max(256),
        tool: z.string().max(1_000),
        modelName: z.string().max(256),
        reason: z.enum(['all', 'pinned', 'used', 'relevant', 'searched', 'filler']),
      }),
    )
    .max(10_000),
  /** Enabled tools there were to choose from. */
  toolsAvailable: z.int().nonnegative(),
  numCtx: z.int().nonnegative(),
  /** Oldest messages left out because the conversation outgrew the context. */
  droppedMessages: z.int().nonnegative(),
  /** The request's size as Hearth estimated it (what the context bar showed before it). */
  estimatedTokens: z.int().nonnegative().optional(),
  /** No tool matched the message, so only pinned and used tools went (or none). */
  nothingMatched: z.boolean().optional(),
});
export type RequestFacts = z.output<typeof requestFactsSchema>;

/**
 * How a turn ended, when it said something: a reply cut at the length limit or left empty (with
 * its problem, for Retry), a notice such as the loop limit, or a failed turn's words. Kept on the
 * turn's last message so a reopened conversation says it again.
 */
export const turnEndingSchema = z.strictObject({
  state: z.enum(['done', 'stopped', 'failed']),
  message: z.string().max(10_000),
  problem: z.string().max(64).optional(),
  link: z.string().max(2_048).optional(),
});

export type TurnEnding = z.output<typeof turnEndingSchema>;

export const storedMessageSchema = z.strictObject({
  id: z.int().nonnegative(),
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: text,
  thinking: text.optional(),
  toolCalls: z.array(storedToolCallSchema).optional(),
  toolCallId: id.optional(),
  toolName: z.string().max(256).optional(),
  model: z.string().max(256).optional(),
  /** On a `user` message: the resources attached to it, as the model was given them. */
  attachments: z.array(attachmentSchema).optional(),
  /** On an `assistant` message: what the request that produced it carried. */
  request: requestFactsSchema.optional(),
  timings: z
    .strictObject({
      totalMs: z.number().optional(),
      promptTokens: z.number().optional(),
      evalTokens: z.number().optional(),
      evalMs: z.number().optional(),
    })
    .optional(),
  /** A tool result sent shortened: the content is its beginning, this its whole length. */
  fullLength: z.int().positive().optional(),
  /** On the last message a turn saved: what the turn's end said (see `turnEndingSchema`). */
  ending: turnEndingSchema.optional(),
  /** One of several versions (edited, regenerated): the ids of all of them, oldest first. */
  versions: z.array(z.int().nonnegative()).max(10_000).optional(),
  createdAt: z.string().max(64),
});

/** Part of a message's content, and the content's whole length. */
export const contentPageSchema = z.strictObject({
  text: z.string().max(1_000_000),
  total: z.int().nonnegative(),
});

export const conversationSummarySchema = z.strictObject({
  id,
  title: z.string().max(1_000),
  model: z.string().max(256).optional(),
  createdAt: z.string().max(64),
  updatedAt: z.string().max(64),
  messageCount: z.int().nonnegative(),
});

/**
 * Options that go to Ollama's request `options` as they are, named as Ollama names them (its
 * `api.Options`); the bounds are those Ollama documents for each.
 */
export const samplingOptionsSchema = z.strictObject({
  /** Higher gives more varied replies. */
  temperature: z.number().min(TEMPERATURE_RANGE.min).max(TEMPERATURE_RANGE.max).optional(),
});
export type SamplingOptions = z.output<typeof samplingOptionsSchema>;

/**
 * A conversation's own options, each unset one following Settings (the model, the instructions,
 * the temperature). One value, changed through one channel (`conversations:setOptions`) and kept
 * in one column as JSON: a new option is a field here and the place that reads it (see "A
 * per-conversation option" in docs/architecture.md).
 */
export const conversationOptionsSchema = z.strictObject({
  model: z.string().min(1).max(256).optional(),
  /** The system prompt: what the model is told before the conversation. */
  instructions: z.string().max(20_000).optional(),
  ...samplingOptionsSchema.shape,
});
export type ConversationOptions = z.output<typeof conversationOptionsSchema>;

/** A change to some options: a value sets one, null clears it (the default applies), absent keeps it. */
export type ConversationOptionsPatch = {
  [Name in keyof ConversationOptions]?: ConversationOptions[Name] | null;
};
export const conversationOptionsPatchSchema = z.strictObject(
  Object.fromEntries(
    Object.entries(conversationOptionsSchema.shape).map(([name, field]) => [
      name,
      field.unwrap().nullable().optional(),
    ]),
  ),
) as unknown as z.ZodType<ConversationOptionsPatch, ConversationOptionsPatch>;

export const conversationSchema = conversationSummarySchema.extend({
  options: conversationOptionsSchema,
  messages: z.array(storedMessageSchema),
  /** Asked for the latest messages only: how many come before them. */
  earlierMessages: z.int().nonnegative().optional(),
});

/** Messages before a given one, oldest first, and how many come before those. */
export const messagePageSchema = z.strictObject({
  messages: z.array(storedMessageSchema),
  earlierMessages: z.int().nonnegative(),
});

export const searchHitSchema = z.strictObject({
  conversationId: id,
  title: z.string().max(1_000),
  messageId: z.int().nonnegative().optional(),
  snippet: z.string().max(10_000),
});

export const chatSendSchema = z
  .strictObject({
    /** Absent: start a new conversation. */
    conversationId: id.optional(),
    text: z.string().max(200_000).default(''),
    /** Absent: the conversation's model, else the default from settings. */
    model: z.string().min(1).max(256).optional(),
    /** Resources to attach; main reads them as the message is sent. */
    attachments: z.array(attachmentRefSchema).max(MAX_ATTACHMENTS).default([]),
    /** The user's files, uploaded first (`files:begin`, `files:chunk`, `files:finish`). */
    files: z.array(fileRefSchema).max(MAX_FILES_PER_MESSAGE).default([]),
    /** A prompt (slash command) whose messages open the turn, before `text`. */
    prompt: promptRunSchema.optional(),
    /**
     * The turn's id, chosen by the client so it knows it before the turn's first event (main
     * makes one when absent). Every event of the turn carries it; Stop names it.
     */
    turnId: id.optional(),
  })
  .refine(
    (input) =>
      input.text.trim() !== '' ||
      input.attachments.length > 0 ||
      input.files.length > 0 ||
      input.prompt,
    'Write something first.',
  );

/** Streamed text of the assistant message being written, batched about once per frame. */
export const chatDeltaSchema = z.strictObject({
  conversationId: id,
  turnId: id,
  content: z.string().max(1_000_000).optional(),
  thinking: z.string().max(1_000_000).optional(),
});

export const toolCallStateSchema = z.enum([
  'invalid',
  'waiting-approval',
  'waiting-password',
  'running',
  'done',
  'failed',
  'denied',
  'cancelled',
]);

/** A tool call card: created when the model asks, updated as it is approved, runs and ends. */
export const toolCallEventSchema = z.strictObject({
  conversationId: id,
  turnId: id,
  callId: id,
  server: z.string().max(256),
  tool: z.string().max(1_000),
  modelName: z.string().max(256),
  arguments: z.record(z.string(), z.unknown()),
  state: toolCallStateSchema,
  /** Why it failed, was refused or was denied. */
  message: z.string().max(10_000).optional(),
  /** Why it ran without asking the user, when a rule that is not the user's answer let it. */
  unaskedBecause: z.string().max(1_000).optional(),
  durationMs: z.number().nonnegative().optional(),
  /** The whole result, every content block, for the card. */
  result: z.unknown().optional(),
  /** The text the model wrote the call as, when Hearth read the call from the reply's text. */
  fromText: z.string().max(100_000).optional(),
});

export const chatStatusSchema = z.strictObject({
  conversationId: id,
  turnId: id,
  state: z.enum(['thinking', 'streaming', 'running-tools', 'done', 'stopped', 'failed']),
  /** For `failed`, what went wrong; otherwise a notice (a model without tools, the loop limit). */
  message: z.string().max(10_000).optional(),
  /** Set when the failure has a remedy the UI can offer: pull the model, start Ollama. */
  problem: z.string().max(64).optional(),
  /** A page that is the remedy (ollama.com's sign-in for a cloud model). */
  link: z.string().max(2_048).optional(),
});

export const approvalRequestSchema = z.strictObject({
  requestId: id,
  conversationId: id,
  callId: id,
  server: serverNameSchema,
  tool: z.string().max(1_000),
  title: z.string().max(1_000).optional(),
  description: z.string().max(32_768),
  annotations: toolAnnotationsSchema.optional(),
  arguments: z.record(z.string(), z.unknown()),
  /** Set when "always allow" was given to an earlier definition: what changed since. */
  changes: z.array(z.string().max(2_000)).optional(),
  /** What in the tool's definition speaks to the model rather than describing the tool. */
  warnings: z.array(z.string().max(500)).max(20).optional(),
  /** Tools whose results the model read this turn before it asked for this call. */
  readBefore: z
    .array(z.strictObject({ server: z.string().max(256), tool: z.string().max(1_000) }))
    .max(20)
    .optional(),
  /** The title of the conversation the call belongs to, so a dialog over another one names it. */
  conversationTitle: z.string().max(1_000).optional(),
  /**
   * The server's "Don't ask for calls this sandbox makes harmless", when it is off: whether its
   * sandbox allows turning it on (why not, in words), so the dialog can offer it or say why not.
   */
  harmlessCalls: z
    .strictObject({ allowed: z.boolean(), reason: z.string().max(2_000).optional() })
    .optional(),
  /** Set when an MCP App asks, not the model: the tool whose card shows that app. */
  fromApp: z.strictObject({ tool: z.string().max(1_000) }).optional(),
  /**
   * For a shell tool: the command it would run, and the prefix rule that could allow it (absent
   * when no prefix rule may match it: pipes, redirections, escalation…). Such a tool is never
   * allowed whole by one answer; `always` is refused for it.
   */
  shell: z
    .strictObject({
      command: z.string().max(100_000),
      prefix: z.string().max(1_000).optional(),
      /** The command escalates (sudo…): with the password, its whole line runs as root. */
      asRoot: z.literal(true).optional(),
    })
    .optional(),
  /**
   * The OS sandbox the call runs in: the built-in shell's (its folder and temp, no host; a sudo
   * command runs outside it), or its server's, with where it may write and which hosts it may
   * reach. Absent: it runs with the user's full rights.
   */
  sandbox: z
    .strictObject({
      kind: z.enum(['shell', 'server']),
      writable: z.array(z.string().max(4_096)).max(400),
      hosts: z.array(z.string().max(300)).max(300),
      /**
       * The shell's sandbox cannot run here (what is missing): the command runs without it when
       * the user allowed that in Settings, else it is refused.
       */
      unavailable: z
        .strictObject({ missing: z.string().max(500), runAnyway: z.boolean() })
        .optional(),
    })
    .optional(),
});

export const approvalAnswerSchema = z.strictObject({
  /** `command`: always allow this exact shell command; `command-prefix`: the request's prefix. */
  decision: z.enum(['once', 'conversation', 'always', 'deny', 'command', 'command-prefix']),
  /** With `deny`: passed to the model. */
  reason: z.string().max(2_000).optional(),
});

/** A shell command the user allows without asking: exactly it, or those starting with `text`. */
export const commandRuleSchema = z.strictObject({
  server: serverNameSchema,
  tool: z.string().min(1).max(1_000),
  kind: z.enum(['exact', 'prefix']),
  text: z.string().min(1).max(100_000),
});
export type CommandRuleEntry = z.output<typeof commandRuleSchema>;
export type ApprovalAnswer = z.output<typeof approvalAnswerSchema>;

export const sudoRequestSchema = z.strictObject({
  requestId: id,
  conversationId: id,
  callId: id,
  /** The exact command the password is for, and only that. */
  command: z.string().max(100_000),
});

export const pendingQuestionsSchema = z.strictObject({
  approvals: z.array(approvalRequestSchema),
  sudo: z.array(sudoRequestSchema),
  elicitations: z.array(z.lazy(() => elicitationRequestSchema)),
  samplings: z.array(z.lazy(() => samplingRequestSchema)),
});

export const modelSummarySchema = z.strictObject({
  name: z.string().max(256),
  size: z.number().nonnegative(),
  family: z.string().max(256),
  parameterSize: z.string().max(64),
  quantization: z.string().max(64),
  modifiedAt: z.string().max(64),
  /** A cloud model (Ollama lists `remote_host`): it runs on ollama.com. */
  remote: z.boolean().optional(),
});

export const modelCapabilitiesSchema = z.strictObject({
  tools: z.boolean(),
  thinking: z.boolean(),
  vision: z.boolean(),
  contextLength: z.int().positive(),
  /** An embedding model (for ranking tools), not a chat model. */
  embedding: z.boolean().optional(),
  /** From /api/show, when Ollama reports it; sizes the default tool budget. */
  parameterCount: z.number().nonnegative().optional(),
  /** Takes `think: "low" | "medium" | "high"` and always thinks (gpt-oss). */
  thinkLevels: z.boolean().optional(),
});

export const ollamaStatusSchema = z.union([
  z.strictObject({ ok: z.literal(true), host: z.string().max(2_048), version: z.string().max(64) }),
  z.strictObject({
    ok: z.literal(false),
    host: z.string().max(2_048),
    message: z.string().max(2_000),
  }),
]);

export const pullProgressSchema = z.strictObject({
  model: z.string().max(256),
  status: z.string().max(1_000),
  completed: z.number().nonnegative().optional(),
  total: z.number().nonnegative().optional(),
  done: z.boolean(),
  error: z.string().max(2_000).optional(),
});

/**
 * A server asks the user for information (MCP elicitation). `form`: fields described by a flat
 * JSON schema of strings, numbers, integers, booleans and enums; `url`: a page to open in the
 * system browser, after the user agrees.
 */
export const elicitationRequestSchema = z.strictObject({
  requestId: id,
  server: z.string().max(256),
  message: z.string().max(10_000),
  mode: z.enum(['form', 'url']),
  /** For `form`: the fields, as the server sent them (type object with properties and required). */
  requestedSchema: z.record(z.string(), z.unknown()).optional(),
  /** For `url`: where the server wants the user to go. */
  url: z.string().max(2_048).optional(),
});

export const elicitationAnswerSchema = z.strictObject({
  /** accept: submit (with `content` for a form); decline: said no; cancel: dismissed. */
  action: z.enum(['accept', 'decline', 'cancel']),
  content: z
    .record(
      z.string(),
      z.union([
        z.string().max(10_000),
        z.number(),
        z.boolean(),
        z.array(z.string().max(1_000)).max(100),
      ]),
    )
    .optional(),
});
export type ElicitationAnswer = z.output<typeof elicitationAnswerSchema>;

/**
 * A server asks Hearth's model to write something (MCP sampling). The user sees exactly what
 * would be sent, may edit it, and approves or rejects it; nothing reaches the model before.
 */
export const samplingRequestSchema = z.strictObject({
  requestId: id,
  server: z.string().max(256),
  /** The conversation the server wants continued; non-text parts are described in brackets. */
  messages: z
    .array(z.strictObject({ role: z.enum(['user', 'assistant']), text: z.string().max(200_000) }))
    .max(200),
  systemPrompt: z.string().max(20_000).optional(),
  maxTokens: z.int().positive(),
  /** The local model Hearth chose from the server's preferences and what is installed. */
  model: z.string().max(256),
});

export const samplingAnswerSchema = z.strictObject({
  action: z.enum(['approve', 'reject']),
  /** The messages as the user edited them; absent: as the server sent them. */
  messages: z
    .array(z.strictObject({ role: z.enum(['user', 'assistant']), text: z.string().max(200_000) }))
    .max(200)
    .optional(),
  systemPrompt: z.string().max(20_000).optional(),
});
export type SamplingAnswer = z.output<typeof samplingAnswerSchema>;
