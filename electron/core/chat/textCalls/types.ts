/**
 * The shapes the text-call readers share. A reader finds calls a model wrote as text in one
 * family's format; `index.ts` decides which of them Hearth takes (offered names, fitting
 * arguments) and what is left of the reply.
 */

/** One call as written: its name, and its arguments as an object or as the text the model wrote. */
export interface WrittenCall {
  name: string;
  args: unknown;
  /** Each argument is the text written between tags, to be typed by the tool's schema. */
  tagged?: boolean;
}

/** What a reader found: the calls, and where in the reply their text starts and ends. */
export interface Found {
  calls: WrittenCall[];
  start: number;
  end: number;
  /** The format's own markers were present (else the reply must be nothing but the call). */
  marked: boolean;
  /** The format's header before the words that precede the calls (Functionary's `all`). */
  header?: { start: number; end: number };
}

/**
 * Reads one family's format. `text` is the reply without its thinking; `masked` is the same text
 * with code blocks and inline code blanked out (same length), where markers are looked for.
 */
export type Reader = (text: string, masked: string) => Found | undefined;

/** A tool as the request offered it: the name the model was given, its bare name, its schema. */
export interface OfferedTool {
  modelName: string;
  tool: string;
  inputSchema?: unknown;
}

/**
 * A call Hearth took from the text: the model-facing name, and the arguments as an object, or
 * (a marked call whose arguments could not be read) the text, which the call's gates refuse.
 */
export interface TextCall {
  name: string;
  arguments: Record<string, unknown> | string;
}

/** What Hearth read from a reply: the calls, the reply without their text, and the text itself. */
export interface TextCalls {
  calls: TextCall[];
  /** The reply as the user reads it: the words around the call, the call's text taken out. */
  content: string;
  /** The call as the model wrote it, kept for the card and history. */
  written: string;
}
