/**
 * Everything the user can change in Settings, as it crosses the bridge and is stored: each group
 * (Ollama, chat, desktop, registry) with a default for every field, so an older settings file
 * stays valid, and the patch the page sends, every field optional and without its default, so a
 * patch never resets what it leaves out.
 */
import { z } from 'zod';
import { keepAliveSchema } from './keepAlive';
import { MAX_URL_LENGTH } from './limits';
import { OFFICIAL_REGISTRY_URL } from './registry';

export const themeSchema = z.enum(['system', 'light', 'dark']);

/** Where Ollama is and how Hearth talks to it. */
export const ollamaSettingsSchema = z.strictObject({
  /** Empty: OLLAMA_HOST from the environment, else http://127.0.0.1:11434. */
  host: z.string().max(MAX_URL_LENGTH).default(''),
  /**
   * How long Ollama keeps the model loaded after a reply: seconds as a number (-1: always) or a
   * Go duration string, as Ollama reads keep_alive; a stored `"-1"` reads back as -1.
   */
  keepAlive: keepAliveSchema.default('5m'),
  /** How long a reply may take to start: loading a large model from disk can take minutes. */
  firstTokenSeconds: z.int().min(10).max(3_600).default(300),
  /** Once a reply streams, this long without a token means the stream is stuck. */
  idleSeconds: z.int().min(5).max(900).default(60),
  /** Leave Ollama's cloud models (they run on ollama.com) out of the model picker. */
  hideCloudModels: z.boolean().default(false),
  /** Cloud models the user agreed to send messages to: asked once, before the first message. */
  cloudModelsAllowed: z.array(z.string().max(256)).max(500).default([]),
});

/** How a chat turn runs. */
export const chatSettingsSchema = z.strictObject({
  /** The model new conversations use; empty until the user picks one. */
  model: z.string().max(256).default(''),
  /** Most model round trips with tool calls in one turn, so a looping model stops. */
  loopLimit: z.int().min(1).max(50).default(10),
  /**
   * Most tool calls run from one reply of the model; the rest are answered as not run, so one
   * reply asking for hundreds of calls cannot run them all on a single approval.
   */
  maxCallsPerReply: z.int().min(1).max(200).default(25),
  /** How long the sudo password prompt waits for the user before the command is refused. */
  sudoPromptSeconds: z.int().min(15).max(1_800).default(120),
  /** Ask before every tool call, whatever each tool's policy says. */
  askForEveryTool: z.boolean().default(false),
  /**
   * Where the OS sandbox cannot run (bubblewrap or socat missing, Windows), the built-in shell's
   * commands run without it, with the user's full rights, still after their approval. Off: they
   * are refused, saying what is missing.
   */
  shellWithoutSandbox: z.boolean().default(false),
  /**
   * Where the built-in shell's commands run and may write, unless the model names another folder
   * (the approval shows which). Empty: a folder of their own, ~/Hearth/work, not the whole home.
   */
  shellFolder: z.string().max(4_096).default(''),
  /**
   * Names of variables from Hearth's own environment that shell commands get besides the few every
   * server gets (HOME, PATH, USER and the like): nothing else of Hearth's environment reaches them.
   */
  shellVariables: z
    .array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/))
    .max(100)
    .default([]),
  /** Empty: Hearth's default system prompt. */
  systemPrompt: z.string().max(20_000).default(''),
  /** The context window sent as num_ctx; 0 sizes it from the model and the request. */
  contextTokens: z.int().min(0).max(1_048_576).default(0),
  /** Null: the model's own default. */
  temperature: z.number().min(0).max(2).nullable().default(null),
  /** Tool results longer than this are cut for the model (the user still sees them whole). */
  maxToolResultChars: z.int().min(1_000).max(1_000_000).default(12_000),
  /** Let reasoning models think before answering (shown in a collapsible block). */
  think: z.boolean().default(true),
  /**
   * For models that take levels instead of on/off (gpt-oss, through Ollama's harmony parser):
   * how hard they think. They cannot be told not to think (ThinkValue in Ollama's api/types.go).
   */
  thinkLevel: z.enum(['low', 'medium', 'high']).default('medium'),
  /** "Pause all tools" in the tray: the model is offered no tools and none runs. */
  toolsPaused: z.boolean().default(false),
  /**
   * The largest window automatic sizing asks for: memory grows with num_ctx, so this is the
   * user's memory setting. Ignored when `contextTokens` fixes the window.
   */
  contextCapTokens: z.int().min(2_048).max(1_048_576).default(32_768),
  /**
   * When the conversation outgrows the context: summarise the older turns the request would
   * leave out before sending, without asking first.
   */
  summariseWithoutAsking: z.boolean().default(false),
  /** The model that writes summaries of older turns; empty: the conversation's own model. */
  summaryModel: z.string().max(256).default(''),
  /** Tools sent per request, by model name; absent: from the model's size, 0: every tool. */
  toolBudgets: z.record(z.string().min(1).max(256), z.int().min(0).max(1_000)).default({}),
  /**
   * "Read tool calls from the model's text", by model name; absent: on. Off, a call the model
   * writes as text (textCalls/) stays text.
   */
  readTextCalls: z.record(z.string().min(1).max(256), z.boolean()).default({}),
});

/** How Hearth sits on the desktop (applied by the desktop app; the browser host only keeps them). */
export const desktopSettingsSchema = z.strictObject({
  launchAtLogin: z.boolean().default(false),
  /** Electron accelerator syntax; rarely taken by other apps. */
  quickChatShortcut: z.string().max(100).default('Alt+Shift+H'),
  /**
   * Where secrets go when the system has no keyring (Linux without one): `ask` keeps them for
   * the session and asks, `session` keeps them for the session quietly, `weak-key` writes them
   * encrypted with Electron's fixed fallback key (better than plain text, but not protected).
   */
  secretsWithoutKeyring: z.enum(['ask', 'session', 'weak-key']).default('ask'),
  /**
   * What closing the main window does where the desktop shows no tray icons (stock GNOME): keep
   * Hearth running minimised, or quit it. With a tray, closing keeps Hearth in the tray.
   */
  closeWithoutTray: z.enum(['minimize', 'quit']).default('minimize'),
});

/** Where Servers › Browse finds servers: any registry implementing the MCP registry API (v0.1). */
export const registrySettingsSchema = z.strictObject({
  url: z
    .string()
    .trim()
    .max(MAX_URL_LENGTH)
    .refine(
      (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
      'Use an http:// or https:// address.',
    )
    .default(OFFICIAL_REGISTRY_URL),
});

/** Everything the user can change in Settings; each field has a default so old files stay valid. */
export const settingsSchema = z.strictObject({
  theme: themeSchema.default('system'),
  ollama: ollamaSettingsSchema.prefault({}),
  chat: chatSettingsSchema.prefault({}),
  desktop: desktopSettingsSchema.prefault({}),
  registry: registrySettingsSchema.prefault({}),
});
export type Settings = z.output<typeof settingsSchema>;

type PatchShape<Shape extends z.ZodRawShape> = {
  [Key in keyof Shape]: z.ZodOptional<
    Shape[Key] extends z.ZodDefault<infer Inner> ? Inner : Shape[Key]
  >;
};

/** Every field optional and without its default, so a patch never resets what it leaves out. */
function patchOf<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
): z.ZodObject<PatchShape<Shape>, z.core.$strict> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [
      key,
      (field instanceof z.ZodDefault
        ? (field.unwrap() as z.ZodType)
        : (field as z.ZodType)
      ).optional(),
    ]),
  );
  return z.strictObject(shape) as unknown as z.ZodObject<PatchShape<Shape>, z.core.$strict>;
}

/** A change to some settings; fields left out keep their value. */
export const settingsPatchSchema = z.strictObject({
  theme: themeSchema.optional(),
  ollama: patchOf(ollamaSettingsSchema).optional(),
  chat: patchOf(chatSettingsSchema).optional(),
  desktop: patchOf(desktopSettingsSchema).optional(),
  registry: patchOf(registrySettingsSchema).optional(),
});
export type SettingsPatch = z.input<typeof settingsPatchSchema>;
