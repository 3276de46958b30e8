/**
 * Most messages are plain prose: a question, a short reply, paragraphs of words. Such text has
 * nothing for the Markdown parser to find, yet parsing it was most of what a message cost when
 * it scrolled into view (bench: history.scroll_frame_ms). Text that holds nothing Markdown or GFM
 * could read (no markup character, no line that could open a block, no bare address) is split
 * into its paragraphs directly: the same elements react-markdown would give, without the parse.
 * Anything else returns undefined and goes to the parser.
 */
import { Fragment, type ReactNode } from 'react';

/**
 * Characters that may start Markdown or GFM inline syntax, an HTML tag or entity, an escape, a
 * heading or table anywhere in a line, or a GFM autolink (`@` of an e-mail address); and the
 * whitespace CommonMark treats apart (tabs, carriage returns, form and line feeds).
 */
const MARKUP = /[`*_~[\]<>&\\#|@\t\r\f\v]|:\/\/|www\.|mailto:|xmpp:/i;

/** A line that could open a block: a list item, a thematic break or setext underline, a quote. */
const BLOCK_START = /^(?:[-+=>]|\d{1,9}[.)])/;

/** The paragraphs of `text` when it is plain prose, else undefined. */
export function plainParagraphs(text: string): string[] | undefined {
  if (MARKUP.test(text)) return undefined;
  const lines = text.split('\n');
  for (const line of lines) {
    // Leading spaces may indent code; trailing ones may break a line.
    if (line !== line.trim()) return undefined;
    if (BLOCK_START.test(line)) return undefined;
  }
  const paragraphs = text.replace(/^\n+|\n+$/g, '').split(/\n{2,}/);
  return paragraphs[0] ? paragraphs : undefined;
}

/** The elements react-markdown gives for plain prose: paragraphs with a line feed between. */
export function renderPlainProse(text: string): ReactNode | undefined {
  const paragraphs = plainParagraphs(text);
  if (!paragraphs) return undefined;
  return paragraphs.map((paragraph, index) => (
    <Fragment key={index}>
      {index > 0 && '\n'}
      <p>{paragraph}</p>
    </Fragment>
  ));
}
