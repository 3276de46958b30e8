/**
 * Characters that change how text reads without being seen: bidirectional overrides and
 * isolates (the "Trojan Source" trick that makes code or a command read differently than it
 * runs), zero-width spaces and joiners-in-disguise, and control characters such as the ESC of
 * terminal colour codes. Shown as visible markers, so what is on screen is what is there.
 * Zero-width (non-)joiners stay: emoji sequences and Persian script need them.
 */
// Matching control characters is the point here.
const HIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** `text` with every hidden character replaced by a marker: ␛ for ESC, ⟨U+202E⟩ for the rest. */
export function revealHidden(text: string): string {
  return text.replace(HIDDEN, (character) => {
    const code = character.codePointAt(0) ?? 0;
    // C0 controls have their own visible pictures (U+2400 block).
    if (code < 0x20) return String.fromCodePoint(0x2400 + code);
    return `⟨U+${code.toString(16).toUpperCase().padStart(4, '0')}⟩`;
  });
}
