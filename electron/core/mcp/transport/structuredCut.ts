/**
 * A tool result's `structuredContent` capped while its line arrives. Parsed whole, 100 MB of rows
 * became some 150 MB of objects in the host (bench: memory.host_peak_over_idle_mb.structured)
 * though nothing keeps more than its first characters: a card drops it past 20,000 characters
 * (liveResults.ts), an app past 100,000 (callAnswers.ts), the model reads at most its first
 * 1,000,000 (the largest setting; resultForModel.ts). So StreamedLine routes the tokens of
 * `result.structuredContent` here: the value is built only while its JSON stays within
 * STRUCTURED_KEEP_CHARS; past that it is dropped and only its JSON's beginning and length are
 * kept, in a stand-in that boundedJson.ts reads as that JSON.
 */
import type { jsonSchemaValidator } from '@modelcontextprotocol/client';
import { TokenParser, TokenType } from '@streamparser/json';
import { Beginning, writeJsonString } from './jsonText';

/** Structured content whose JSON is longer than this is kept as its beginning and length. */
export const STRUCTURED_KEEP_CHARS = 1_000_001;

/** The stand-in's one field. Its value is an object only this module made, so none is forged. */
export const CUT_JSON_KEY = 'io.hearth/cut-json';

export interface CutJson {
  /** The first STRUCTURED_KEEP_CHARS characters of the JSON the server sent (as JSON.stringify writes it). */
  beginning: string;
  /** The whole JSON's length. */
  length: number;
}

// Keyed by the stand-in's inner object: the SDK copies the outer record when it checks the
// result's shape, but keeps its fields' values as they are.
const cuts = new WeakMap<object, CutJson>();

/** The stand-in for structured content that was too large to keep. */
export function cutJson(cut: CutJson): Record<string, unknown> {
  const marker = Object.freeze({});
  cuts.set(marker, cut);
  return { [CUT_JSON_KEY]: marker };
}

/** The cut JSON's beginning and length when `value` is such a stand-in. */
export function cutJsonOf(value: unknown): CutJson | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== CUT_JSON_KEY) return undefined;
  const marker = (value as Record<string, unknown>)[CUT_JSON_KEY];
  return typeof marker === 'object' && marker !== null ? cuts.get(marker) : undefined;
}

/**
 * The SDK's check of structured content against a tool's output schema, passing a stand-in: what
 * was cut is no longer there to check, and the call should not fail for being large.
 */
export function passingCutJson(validator: jsonSchemaValidator): jsonSchemaValidator {
  return {
    getValidator<T>(schema: Parameters<jsonSchemaValidator['getValidator']>[0]) {
      const check = validator.getValidator<T>(schema);
      return (input: unknown) =>
        cutJsonOf(input)
          ? { valid: true as const, data: input as T, errorMessage: undefined }
          : check(input);
    },
  };
}

export interface Token {
  token: TokenType;
  value: unknown;
  offset: number;
}

/**
 * Writes the tokens of one value: builds it while its JSON is short enough, else keeps the JSON's
 * beginning and counts its length. Past the bound the grammar inside the value is no longer
 * checked, only that its brackets close; the tokenizer has checked each token.
 */
class CappedValue {
  private parser?: TokenParser;
  private built: unknown;
  private depth = 0;
  private readonly json = new Beginning(STRUCTURED_KEEP_CHARS);
  done = false;
  failed = false;

  constructor() {
    this.parser = new TokenParser({ paths: ['$'], keepStack: false });
    this.parser.onValue = ({ value }) => {
      this.built = value;
    };
    this.parser.onError = () => {
      this.failed = true;
    };
  }

  write(token: Token): void {
    this.parser?.write(token as Parameters<TokenParser['write']>[0]);
    if (token.token === TokenType.STRING) writeJsonString(String(token.value), this.json);
    else this.json.write(jsonOf(token));
    // Past the bound, what was built goes: from here on only the length grows.
    if (this.parser && this.json.length > STRUCTURED_KEEP_CHARS) {
      this.parser = undefined;
      this.built = undefined;
    }
    if (token.token === TokenType.LEFT_BRACE || token.token === TokenType.LEFT_BRACKET)
      this.depth += 1;
    else if (token.token === TokenType.RIGHT_BRACE || token.token === TokenType.RIGHT_BRACKET)
      this.depth -= 1;
    if (this.depth === 0) this.done = true;
  }

  value(): unknown {
    if (!this.parser) return cutJson({ beginning: this.json.text, length: this.json.length });
    return this.built;
  }
}

function jsonOf({ token, value }: Token): string {
  switch (token) {
    case TokenType.LEFT_BRACE:
      return '{';
    case TokenType.RIGHT_BRACE:
      return '}';
    case TokenType.LEFT_BRACKET:
      return '[';
    case TokenType.RIGHT_BRACKET:
      return ']';
    case TokenType.COLON:
      return ':';
    case TokenType.COMMA:
      return ',';
    default:
      return JSON.stringify(value) ?? '';
  }
}

/**
 * Between the tokenizer and the parser of a message: passes every token on but those of
 * `result.structuredContent` (its key, colon and one comma next to it included), which go to a
 * CappedValue. The message then lacks the field until `place` puts the capped value back.
 */
export class StructuredRouter {
  /** Containers open, and in objects the last key read. */
  private readonly stack: { object: boolean; key?: string; expectKey: boolean }[] = [];
  private heldComma?: Token;
  private skipColon = false;
  private dropNextComma = false;
  private capped?: CappedValue;
  private captured = false;

  constructor(private readonly forward: (token: Token) => void) {}

  /** Whether the structured content was no valid JSON (while it was still checked). */
  get failed(): boolean {
    return this.capped?.failed === true;
  }

  write(token: Token): void {
    if (this.capped && !this.capped.done) {
      this.capped.write(token);
      if (this.capped.done) this.captured = true;
      return;
    }
    const level = this.stack.at(-1);
    const inResult = this.stack.length === 2 && this.stack[0]?.key === 'result' && level?.object;
    if (inResult && token.token === TokenType.COMMA && !this.heldComma) {
      if (this.dropNextComma) {
        this.dropNextComma = false;
        if (level) level.expectKey = true;
        return;
      }
      this.heldComma = token;
      if (level) level.expectKey = true;
      return;
    }
    if (
      inResult &&
      !this.captured &&
      level?.expectKey &&
      token.token === TokenType.STRING &&
      token.value === 'structuredContent'
    ) {
      // Leave the field out: the comma before it, or else the one after it.
      this.dropNextComma = this.heldComma === undefined;
      this.heldComma = undefined;
      this.skipColon = true;
      level.expectKey = false;
      return;
    }
    if (this.skipColon && token.token === TokenType.COLON) {
      this.skipColon = false;
      this.capped = new CappedValue();
      return;
    }
    if (this.heldComma) {
      this.forward(this.heldComma);
      this.heldComma = undefined;
    }
    this.dropNextComma = false;
    this.track(token);
    this.forward(token);
  }

  /** Puts the capped structured content back into the parsed message. */
  place(message: unknown): unknown {
    if (!this.captured || !this.capped) return message;
    const result = (message as { result?: unknown } | undefined)?.result;
    if (typeof result === 'object' && result !== null && !Array.isArray(result))
      (result as Record<string, unknown>).structuredContent = this.capped.value();
    return message;
  }

  private track(token: Token): void {
    const level = this.stack.at(-1);
    switch (token.token) {
      case TokenType.LEFT_BRACE:
      case TokenType.LEFT_BRACKET:
        this.stack.push({ object: token.token === TokenType.LEFT_BRACE, expectKey: true });
        return;
      case TokenType.RIGHT_BRACE:
      case TokenType.RIGHT_BRACKET:
        this.stack.pop();
        return;
      case TokenType.COLON:
        if (level) level.expectKey = false;
        return;
      case TokenType.COMMA:
        if (level) level.expectKey = true;
        return;
      case TokenType.STRING:
        if (level?.object && level.expectKey) level.key = String(token.value);
        return;
      default:
        return;
    }
  }
}
