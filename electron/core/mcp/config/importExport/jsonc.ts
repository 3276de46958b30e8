/**
 * Reads the JSON of other apps' config files with Microsoft's `jsonc-parser`, the reader VS Code
 * itself uses (its files are JSONC: comments and trailing commas). A file that is not JSON gets one
 * sentence saying what was expected, and the line and column an editor shows: never more of the
 * file than the one character found there, since a config file can hold an API token.
 */
import {
  createScanner,
  parseTree,
  printParseErrorCode,
  visit,
  type Node,
  type ParseErrorCode,
  type ParseOptions,
} from 'jsonc-parser';

const BYTE_ORDER_MARK = '\uFEFF';
/** Deeper than any config file; the parser recurses, so a hostile file must not reach it. */
const MAX_DEPTH = 512;
const OPTIONS: ParseOptions = {
  allowTrailingComma: true,
  disallowComments: false,
  allowEmptyContent: false,
};

/** Either the parsed value or a sentence saying where and why the text is not JSON. */
export type JsonTextResult = { ok: true; value: unknown } | { ok: false; error: string };

/** Parses JSON or JSONC, tolerating a byte order mark, and never echoes file content in errors. */
export function parseJsonText(text: string): JsonTextResult {
  const withoutMark = text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  if (withoutMark.trim() === '') return { ok: false, error: 'the file is empty.' };
  const problem = tooDeep(withoutMark) ?? firstError(withoutMark);
  if (problem) {
    const { line, column } = lineAndColumn(withoutMark, problem.offset);
    return { ok: false, error: `${problem.message} (line ${line}, column ${column}).` };
  }
  const tree = parseTree(withoutMark, [], OPTIONS);
  return tree
    ? { ok: true, value: valueOf(tree) }
    : { ok: false, error: 'the file holds no value.' };
}

interface Problem {
  message: string;
  offset: number;
}

/**
 * The first place where nesting passes MAX_DEPTH, found with the library's flat scanner. (Its
 * token kinds are a const enum, which this build cannot read: a bracket token is one character.)
 */
function tooDeep(text: string): Problem | undefined {
  const scanner = createScanner(text, true);
  let depth = 0;
  for (;;) {
    scanner.scan();
    const offset = scanner.getTokenOffset();
    if (offset >= text.length) return undefined;
    const token = scanner.getTokenLength() === 1 ? text[offset] : '';
    if (token === '{' || token === '[') {
      depth += 1;
      if (depth > MAX_DEPTH)
        return {
          message: `expected less deeply nested values but found ${found(text, offset)}`,
          offset,
        };
    } else if (token === '}' || token === ']') {
      depth -= 1;
    }
  }
}

/** The parser's first error, in words, knowing whether it was inside an object or an array. */
function firstError(text: string): Problem | undefined {
  const open: ('object' | 'array')[] = [];
  // In an object, right after `{` or `,`, a property name comes next.
  let expectingName = false;
  let problem: Problem | undefined;
  visit(
    text,
    {
      onObjectBegin: () => {
        open.push('object');
        expectingName = true;
      },
      onObjectEnd: () => void open.pop(),
      onArrayBegin: () => {
        open.push('array');
        expectingName = false;
      },
      onArrayEnd: () => void open.pop(),
      onObjectProperty: () => {
        expectingName = false;
      },
      onSeparator: (separator) => {
        expectingName = separator === ',' && open.at(-1) === 'object';
      },
      onError: (code, offset) => {
        problem ??= { message: describe(code, text, offset, open.at(-1), expectingName), offset };
      },
    },
    OPTIONS,
  );
  return problem;
}

function describe(
  code: ParseErrorCode,
  text: string,
  offset: number,
  inside: 'object' | 'array' | undefined,
  expectingName: boolean,
): string {
  const close = inside === 'array' ? ']' : '}';
  const expected = (what: string) => `expected ${what} but found ${found(text, offset)}`;
  switch (printParseErrorCode(code)) {
    case 'PropertyNameExpected':
      return expected('a property name in double quotes');
    case 'ValueExpected':
    case 'InvalidSymbol':
      return expected(
        inside === 'object' && expectingName ? 'a property name in double quotes' : 'a value',
      );
    case 'ColonExpected':
      return expected('“:” after the property name');
    case 'CommaExpected':
      return expected(`“,” or “${close}”`);
    case 'CloseBraceExpected':
      return expected('“,” or “}”');
    case 'CloseBracketExpected':
      return expected('“,” or “]”');
    case 'EndOfFileExpected':
      return expected('nothing more after the value');
    case 'InvalidCommentToken':
    case 'UnexpectedEndOfComment':
      return 'a comment is not closed with “*/”';
    case 'UnexpectedEndOfString':
      return 'a text value is not closed with “"”';
    case 'InvalidUnicode':
      return 'expected four hex digits after “\\u”';
    case 'InvalidEscapeCharacter':
      return 'expected an escape such as \\n or \\" in a text value';
    case 'InvalidCharacter':
      return 'a text value holds a line break or another control character; write it as \\n or \\t';
    case 'InvalidNumberFormat':
    case 'UnexpectedEndOfNumber':
      return 'a number is not written as JSON writes numbers';
    default:
      return expected('JSON');
  }
}

/** The one character at `offset`, or what stands there instead. */
function found(text: string, offset: number): string {
  const char = text[offset];
  if (char === undefined) return 'the end of the file';
  if (char === '\n' || char === '\r') return 'the end of the line';
  return `“${char}”`;
}

/**
 * A node's value with every key an own property, as `JSON.parse` makes it: a key such as
 * `__proto__` stays data and never becomes the object's prototype.
 */
function valueOf(node: Node): unknown {
  if (node.type === 'array') return (node.children ?? []).map(valueOf);
  if (node.type !== 'object') return node.value as unknown;
  const object: Record<string, unknown> = {};
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (!key || !value) continue;
    Object.defineProperty(object, String(key.value), {
      value: valueOf(value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

/** One-based line and column of an offset, the way editors count them. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}
