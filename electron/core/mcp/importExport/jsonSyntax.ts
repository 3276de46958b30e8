/**
 * Finds where JSON text goes wrong. V8's own messages sometimes lack a position and quote the
 * text around the error, which in a config file can be an API token; this says what was expected
 * and where, without repeating the file.
 */

/** Deeper than any config file; stops a hostile file from exhausting the stack. */
const MAX_DEPTH = 512;
const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const LITERALS = ['true', 'false', 'null'];

/** The first syntax error in a JSON text, with a message in plain words. */
export interface JsonSyntaxError {
  message: string;
  offset: number;
}

class Problem {
  constructor(
    readonly message: string,
    readonly offset: number,
  ) {}
}

/** Returns the first syntax error, or undefined when the text is valid JSON. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  let at = 0;

  function found(): string {
    const char = text[at];
    if (char === undefined) return 'the end of the file';
    if (char === '\n' || char === '\r') return 'the end of the line';
    return `“${char}”`;
  }
  function fail(expected: string): never {
    throw new Problem(`expected ${expected} but found ${found()}`, at);
  }
  function skipSpace(): void {
    while (WHITESPACE.has(text[at] ?? '')) at += 1;
  }
  function digits(): void {
    if (!/[0-9]/.test(text[at] ?? '')) fail('a digit');
    while (/[0-9]/.test(text[at] ?? '')) at += 1;
  }

  function string(): void {
    const start = at;
    at += 1;
    for (;;) {
      const char = text[at];
      if (char === undefined) throw new Problem('a text value is not closed with “"”', start);
      if (char === '"') break;
      if (char.charCodeAt(0) < 0x20) fail('“"” to close the text');
      if (char === '\\') {
        at += 1;
        if (text[at] === 'u') {
          if (!/^[0-9A-Fa-f]{4}$/.test(text.slice(at + 1, at + 5))) fail('four hex digits');
          at += 4;
        } else if (!ESCAPES.has(text[at] ?? '')) fail('an escape such as \\n or \\"');
      }
      at += 1;
    }
    at += 1;
  }

  function number(): void {
    if (text[at] === '-') at += 1;
    if (text[at] === '0') at += 1;
    else digits();
    if (text[at] === '.') {
      at += 1;
      digits();
    }
    if (text[at] === 'e' || text[at] === 'E') {
      at += 1;
      if (text[at] === '+' || text[at] === '-') at += 1;
      digits();
    }
  }

  function members(close: '}' | ']', depth: number): void {
    at += 1;
    skipSpace();
    if (text[at] === close) {
      at += 1;
      return;
    }
    for (;;) {
      if (close === '}') {
        skipSpace();
        if (text[at] !== '"') fail('a property name in double quotes');
        string();
        skipSpace();
        if (text[at] !== ':') fail('“:” after the property name');
        at += 1;
      }
      value(depth + 1);
      skipSpace();
      if (text[at] === close) break;
      if (text[at] !== ',') fail(`“,” or “${close}”`);
      at += 1;
    }
    at += 1;
  }

  function value(depth: number): void {
    if (depth > MAX_DEPTH) fail('less deeply nested values');
    skipSpace();
    const char = text[at] ?? '';
    if (char === '{' || char === '[') return members(char === '{' ? '}' : ']', depth);
    if (char === '"') return string();
    if (char === '-' || /[0-9]/.test(char)) return number();
    const literal = LITERALS.find((word) => text.startsWith(word, at));
    if (literal === undefined) fail('a value');
    at += literal.length;
  }

  try {
    value(0);
    skipSpace();
    if (at < text.length) fail('nothing more after the value');
    return undefined;
  } catch (error) {
    if (error instanceof Problem) return { message: error.message, offset: error.offset };
    throw error;
  }
}
