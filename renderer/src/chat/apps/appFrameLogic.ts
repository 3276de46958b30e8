/** The small decisions of showing an MCP App, kept apart from React so they are tested alone. */

/** An app's frame is never taller than this; its own content scrolls past it. */
export const MAX_APP_HEIGHT = 640;
/** Nor shorter than this, so a frame that reports 0 still shows it is there. */
export const MIN_APP_HEIGHT = 48;
/** Longest message an app may put in the composer. */
export const MAX_APP_MESSAGE_CHARS = 20_000;

export function clampAppHeight(height: number): number {
  if (!Number.isFinite(height)) return MAX_APP_HEIGHT;
  return Math.round(Math.min(MAX_APP_HEIGHT, Math.max(MIN_APP_HEIGHT, height)));
}

/** The text of a `ui/message` (its text blocks, joined); other kinds are not taken. */
export function appMessageText(content: unknown): string {
  const blocks = Array.isArray(content) ? content : [];
  return blocks
    .filter(
      (block): block is { type: 'text'; text: string } =>
        !!block &&
        typeof block === 'object' &&
        (block as { type?: unknown }).type === 'text' &&
        typeof (block as { text?: unknown }).text === 'string',
    )
    .map((block) => block.text)
    .join('\n')
    .trim()
    .slice(0, MAX_APP_MESSAGE_CHARS);
}

/** Hearth's theme now, as the page shows it. */
export function currentTheme(root: HTMLElement = document.documentElement): 'light' | 'dark' {
  return root.dataset.theme === 'dark' ? 'dark' : 'light';
}

/**
 * The only sandbox flags an app's frame ever gets, whatever main sends: scripts and forms run,
 * and the frame keeps its own (sandbox) origin. Never popups, top navigation, modals or downloads.
 */
export const APP_FRAME_FLAGS = ['allow-scripts', 'allow-same-origin', 'allow-forms'] as const;

/** `asked`, less anything outside APP_FRAME_FLAGS. */
export function safeSandboxFlags(asked: string): string {
  const allowed = new Set<string>(APP_FRAME_FLAGS);
  return [...new Set(asked.split(/\s+/))].filter((flag) => allowed.has(flag)).join(' ');
}

/** An app may open a link at most this often: a hostile one must not open tab after tab. */
export const APP_LINK_INTERVAL_MS = 3_000;

/** True when the app may open a link now; counts it when so. */
export function createLinkThrottle(now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const time = now();
    if (time - last < APP_LINK_INTERVAL_MS) return false;
    last = time;
    return true;
  };
}
