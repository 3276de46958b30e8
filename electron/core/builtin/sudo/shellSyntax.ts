/**
 * Just enough POSIX shell syntax to find where commands start: quotes, escapes, operators,
 * redirections and command substitutions. It is not an interpreter: it never expands variables or
 * globs, and where the syntax is ambiguous it errs towards seeing more commands, because the one
 * caller (the escalation detector) would rather ask for a password than miss a `sudo`.
 */

/** One shell word after quote removal, with the code hidden inside it. */
export interface ShellWord {
  /** The word as the shell would pass it, quotes and escapes removed, expansions left as text. */
  text: string;
  /** The word as written. */
  raw: string;
  /** Scripts the word runs while it is expanded: `$(…)`, backticks, `<(…)`, `${…}`. */
  substitutions: string[];
  /** Whether the word's value depends on an expansion (`$x`, `$(…)`), so its text is a guess. */
  dynamic: boolean;
}

/** A redirection and its target: `>> log`, `2>&1`, `<<< "text"`, `<< EOF`. */
export interface Redirection {
  operator: string;
  target: ShellWord | undefined;
}

/** A simple command: its words (assignments included) and its redirections. */
export interface SimpleCommand {
  words: ShellWord[];
  redirections: Redirection[];
}

type Token = { kind: 'word'; word: ShellWord } | { kind: 'operator'; value: string };

// Longest first, so `&&` wins over `&` and `<<<` over `<<`.
const OPERATORS = [
  ';;&',
  '<<<',
  '<<-',
  '&>>',
  '&&',
  '||',
  ';;',
  ';&',
  '|&',
  '&>',
  '<<',
  '>>',
  '<&',
  '>&',
  '<>',
  '>|',
  ';',
  '&',
  '|',
  '(',
  ')',
  '<',
  '>',
];

const REDIRECTIONS = new Set([
  '<<<',
  '<<-',
  '&>>',
  '&>',
  '<<',
  '>>',
  '<&',
  '>&',
  '<>',
  '>|',
  '<',
  '>',
]);

const ANSI_C_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', e: '\x1b', a: '\x07' };

/** Splits a script into simple commands; every separator (`;`, `&&`, `|`, newline, `(`…) ends one. */
export function parseCommands(script: string): SimpleCommand[] {
  const commands: SimpleCommand[] = [];
  let current: SimpleCommand = { words: [], redirections: [] };
  const tokens = tokenize(script);
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (token === undefined) break;
    if (token.kind === 'word') {
      current.words.push(token.word);
    } else if (REDIRECTIONS.has(token.value)) {
      const next = tokens[index + 1];
      const target = next?.kind === 'word' ? next.word : undefined;
      if (target !== undefined) index += 1;
      current.redirections.push({ operator: token.value, target });
    } else {
      if (current.words.length > 0 || current.redirections.length > 0) commands.push(current);
      current = { words: [], redirections: [] };
    }
  }
  if (current.words.length > 0 || current.redirections.length > 0) commands.push(current);
  return commands;
}

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let word: ShellWord | undefined;
  let start = 0;
  const open = (at: number): ShellWord => {
    if (word === undefined) {
      word = { text: '', raw: '', substitutions: [], dynamic: false };
      start = at;
    }
    return word;
  };
  const flush = (end: number): void => {
    if (word === undefined) return;
    word.raw = input.slice(start, end);
    tokens.push({ kind: 'word', word });
    word = undefined;
  };

  let index = 0;
  while (index < input.length) {
    const char = input[index] ?? '';
    const next = input[index + 1] ?? '';
    if (char === ' ' || char === '\t') {
      flush(index);
      index += 1;
    } else if (char === '\n') {
      flush(index);
      tokens.push({ kind: 'operator', value: ';' });
      index += 1;
    } else if (char === '#' && word === undefined) {
      const end = input.indexOf('\n', index);
      index = end === -1 ? input.length : end;
    } else if (char === '\\') {
      if (next !== '\n') open(index).text += next;
      index += 2;
    } else if (char === "'") {
      const end = closingIndex(input, index + 1, "'");
      open(index).text += input.slice(index + 1, end);
      index = end + 1;
    } else if (char === '$' && next === "'") {
      index = readAnsiC(input, index + 2, open(index));
    } else if (char === '"') {
      index = readDoubleQuoted(input, index + 1, open(index));
    } else if (char === '$' || char === '`') {
      index = readExpansion(input, index, open(index));
    } else if ((char === '<' || char === '>') && next === '(') {
      const [content, end] = readBalanced(input, index + 2, '(', ')');
      const target = open(index);
      target.substitutions.push(content);
      target.dynamic = true;
      index = end + 1;
    } else {
      const operator = OPERATORS.find((candidate) => input.startsWith(candidate, index));
      if (operator === undefined) {
        open(index).text += char;
        index += 1;
        continue;
      }
      // `2>&1`: the digits name a file descriptor, they are not a word.
      if (
        REDIRECTIONS.has(operator) &&
        word !== undefined &&
        /^\d+$/.test(input.slice(start, index))
      ) {
        word = undefined;
      }
      flush(index);
      tokens.push({ kind: 'operator', value: operator });
      index += operator.length;
    }
  }
  flush(input.length);
  return tokens;
}

/** Reads `$…` or a backtick substitution starting at `index`; returns the index after it. */
function readExpansion(input: string, index: number, word: ShellWord): number {
  const char = input[index];
  const next = input[index + 1];
  word.dynamic = true;
  if (char === '`') {
    const end = closingIndex(input, index + 1, '`');
    word.substitutions.push(input.slice(index + 1, end).replace(/\\([`\\$])/g, '$1'));
    return end + 1;
  }
  if (next === '(') {
    const [content, end] = readBalanced(input, index + 2, '(', ')');
    word.substitutions.push(content);
    return end + 1;
  }
  if (next === '{') {
    // `${x:-$(cmd)}` can run code; scanning the inside as a script finds it.
    const [content, end] = readBalanced(input, index + 2, '{', '}');
    word.substitutions.push(content);
    word.text += '$';
    return end + 1;
  }
  word.text += '$';
  return index + 1;
}

function readDoubleQuoted(input: string, index: number, word: ShellWord): number {
  let cursor = index;
  while (cursor < input.length && input[cursor] !== '"') {
    const char = input[cursor] ?? '';
    const next = input[cursor + 1] ?? '';
    if (char === '\\' && '$`"\\\n'.includes(next)) {
      if (next !== '\n') word.text += next;
      cursor += 2;
    } else if (char === '$' || char === '`') {
      cursor = readExpansion(input, cursor, word);
    } else {
      word.text += char;
      cursor += 1;
    }
  }
  return cursor + 1;
}

function readAnsiC(input: string, index: number, word: ShellWord): number {
  let cursor = index;
  while (cursor < input.length && input[cursor] !== "'") {
    const char = input[cursor] ?? '';
    if (char === '\\') {
      const escaped = input[cursor + 1] ?? '';
      const hex = /^x([0-9a-fA-F]{1,2})/.exec(input.slice(cursor + 1));
      if (hex?.[1] !== undefined) {
        word.text += String.fromCharCode(parseInt(hex[1], 16));
        cursor += 1 + hex[0].length;
        continue;
      }
      word.text += ANSI_C_ESCAPES[escaped] ?? escaped;
      cursor += 2;
    } else {
      word.text += char;
      cursor += 1;
    }
  }
  return cursor + 1;
}

/** Index of the first unescaped `close` at or after `index` (the input's end when unclosed). */
function closingIndex(input: string, index: number, close: string): number {
  let cursor = index;
  while (cursor < input.length && input[cursor] !== close) {
    cursor += close !== "'" && input[cursor] === '\\' ? 2 : 1;
  }
  return Math.min(cursor, input.length);
}

/** Reads up to the bracket that closes the one before `index`, skipping quoted text. */
function readBalanced(input: string, index: number, open: string, close: string): [string, number] {
  let depth = 1;
  let cursor = index;
  while (cursor < input.length) {
    const char = input[cursor];
    if (char === '\\') {
      cursor += 2;
      continue;
    }
    if (char === "'" || char === '"' || char === '`') {
      cursor = closingIndex(input, cursor + 1, char) + 1;
      continue;
    }
    if (char === open) depth += 1;
    if (char === close) {
      depth -= 1;
      if (depth === 0) return [input.slice(index, cursor), cursor];
    }
    cursor += 1;
  }
  return [input.slice(index), input.length];
}
