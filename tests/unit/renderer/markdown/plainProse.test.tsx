import ReactMarkdown from 'react-markdown';
import { renderToStaticMarkup } from 'react-dom/server';
import remarkGfm from 'remark-gfm';
import { describe, expect, it } from 'vitest';
import { plainParagraphs, renderPlainProse } from '../../../../renderer/src/markdown/plainProse';

// Plain prose skips the Markdown parser (bench: history.scroll_frame_ms). Whatever it takes must
// render exactly as react-markdown with GFM renders it; everything else must go to the parser.

const viaParser = (text: string) =>
  renderToStaticMarkup(<ReactMarkdown remarkPlugins={[remarkGfm]}>{text}</ReactMarkdown>);
const viaShortcut = (text: string) => renderToStaticMarkup(<>{renderPlainProse(text)}</>);

/** Pieces of prose, and of the whitespace between them, that random messages are made of. */
const PROSE = [
  'word',
  'Words',
  'été',
  '日本語',
  '12',
  '1984',
  '3.5',
  'ok.',
  'Yes,',
  'no;',
  'why?',
  'wow!',
  '(aside)',
  '"quoted"',
  "it's",
  'a:b',
  '50%',
  '$5',
  'x/y',
  'a-b',
  'a=b',
  'a+b',
  '⟨U+202E⟩',
  '␛',
  ' ',
  ' ',
  ' ',
  ' ',
  '\n',
  '\n',
  '\n\n',
  '\n\n\n',
];
/** Pieces that are, or may be, Markdown: each must send the text to the parser or render alike. */
const TRICKY = [
  '  ',
  ' \n',
  '\n ',
  '\n    ',
  '\t',
  '1.',
  '2)',
  '-',
  '+',
  '=',
  '==',
  '---',
  '>',
  '#',
  '*',
  '**',
  '_',
  '__',
  '`',
  '```',
  '~~',
  '[',
  ']',
  '![',
  '](u)',
  '<b>',
  '</b>',
  '&amp;',
  '&',
  '\\',
  '|',
  '|-|',
  'http://a.b',
  'https://x.y/z',
  'www.a.b',
  'me@ex.am',
  'mailto:me',
  '[^1]',
  '\r\n',
  '\u00a0',
  '\u2028',
];

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
}

describe('plain prose without the parser', () => {
  it('renders every text it takes exactly as react-markdown with GFM does', () => {
    const random = seeded(7);
    let taken = 0;
    for (let round = 0; round < 1_500; round++) {
      const count = 1 + Math.floor(random() * 14);
      let text = '';
      for (let piece = 0; piece < count; piece++) {
        const pieces = random() < 0.85 ? PROSE : TRICKY;
        text += pieces[Math.floor(random() * pieces.length)];
      }
      if (!plainParagraphs(text)) continue;
      taken++;
      expect(viaShortcut(text), JSON.stringify(text)).toBe(viaParser(text));
    }
    // Enough of them are plain for the comparison to mean something.
    expect(taken).toBeGreaterThan(300);
  }, 120_000);

  it('takes the plain messages of a chat, paragraphs and line breaks kept', () => {
    const text =
      'Thanks! What about the 3 files in notes?\nThe older ones.\n\n\nAnd "drafts" (2024).';
    expect(plainParagraphs(text)).toEqual([
      'Thanks! What about the 3 files in notes?\nThe older ones.',
      'And "drafts" (2024).',
    ]);
    expect(viaShortcut(text)).toBe(viaParser(text));
    expect(viaShortcut('\n\nJust this.\n')).toBe(viaParser('\n\nJust this.\n'));
  });

  it.each([
    ['emphasis', 'Some *words*'],
    ['code', 'Run `ls`'],
    ['a list', 'Steps:\n- one\n- two'],
    ['an ordered list', 'Steps:\n1. one'],
    ['a heading', '# Title'],
    ['a setext heading', 'Title\n==='],
    ['a quote', '> said'],
    ['a table', 'a | b\n--|--\n1 | 2'],
    ['an indented code block', 'Code:\n\n    let x'],
    ['a hard break', 'line  \nnext'],
    ['a link', 'See [docs](https://example.com)'],
    ['a bare address', 'See https://example.com now'],
    ['a www address', 'See www.example.com now'],
    ['an e-mail address', 'Write to me@example.com'],
    ['HTML', 'a <b>bold</b> move'],
    ['an entity', 'fish &amp; chips'],
    ['an escape', 'not \\*this\\*'],
    ['strikethrough', 'was ~~this~~'],
    ['nothing at all', '\n\n'],
  ])('leaves %s to the parser', (_, text) => {
    expect(plainParagraphs(text)).toBeUndefined();
  });
});
