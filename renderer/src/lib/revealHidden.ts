/**
 * Characters that change how text reads without being seen: bidirectional overrides and
 * isolates (the "Trojan Source" trick that makes code or a command read differently than it
 * runs), zero-width spaces and joiners-in-disguise, and control characters such as the ESC of
 * terminal colour codes, and Unicode tag characters (invisible letters that can spell out
 * instructions a model reads). Shown as visible markers, so what is on screen is what is there.
 * Zero-width (non-)joiners stay: emoji sequences and Persian script need them.
 */
// Matching control characters is the point here.
const HIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]/gu;

/** Tag characters mirror ASCII (U+E0041 is an invisible "A"): a run of them is hidden text. */
const TAG_RUN = /[\u{E0020}-\u{E007E}]+/gu;

function spellTags(run: string): string {
  const spelled = [...run]
    .map((character) => String.fromCodePoint((character.codePointAt(0) ?? 0xe0020) - 0xe0000))
    .join('');
  return `⟨hidden text: ${spelled}⟩`;
}

/** Whether `text` holds a character `revealHidden` would mark. */
export function hasHidden(text: string): boolean {
  HIDDEN.lastIndex = 0;
  const found = HIDDEN.test(text);
  HIDDEN.lastIndex = 0;
  return found;
}

/**
 * `text` with every hidden character replaced by a marker: ␛ for ESC, ⟨hidden text: …⟩ for a
 * run of tag characters (spelled out), ⟨U+202E⟩ for the rest.
 */
export function revealHidden(text: string): string {
  return text.replace(TAG_RUN, spellTags).replace(HIDDEN, (character) => {
    const code = character.codePointAt(0) ?? 0;
    // C0 controls have their own visible pictures (U+2400 block).
    if (code < 0x20) return String.fromCodePoint(0x2400 + code);
    return `⟨U+${code.toString(16).toUpperCase().padStart(4, '0')}⟩`;
  });
}
