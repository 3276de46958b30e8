/**
 * A tool call's result as the card shows it. The result arrives as `unknown` (an MCP
 * CallToolResult as the server sent it), so every field is checked before it is shown, and an
 * image becomes a data: URL only when its type is a known raster or SVG image.
 */
import type { StoredToolCall, ToolCallState } from '../chatTypes';

/** Text longer than this many lines starts collapsed behind "Show all". */
export const COLLAPSED_LINES = 12;
/** …or longer than this many characters: one very long line is collapsed too. */
export const COLLAPSED_CHARS = 2_000;

/** Whether a text starts collapsed. */
export function isLongText(text: string): boolean {
  return (
    text.length > COLLAPSED_CHARS || text.split('\n', COLLAPSED_LINES + 1).length > COLLAPSED_LINES
  );
}

/** What a collapsed text shows: its first lines, and no more than a screenful of characters. */
export function collapsedText(text: string): string {
  return text.split('\n', COLLAPSED_LINES).join('\n').slice(0, COLLAPSED_CHARS);
}

export type ResultBlock =
  /** `cut`: main sent the beginning of block `part`, whose whole is `total` characters long. */
  | { kind: 'text'; text: string; cut?: { part: number; total: number } }
  | { kind: 'image'; src: string; mimeType: string }
  | { kind: 'json'; text: string }
  | { kind: 'resource'; uri: string; text: string | undefined }
  | { kind: 'link'; uri: string; name: string; mimeType: string | undefined };

const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|bmp|svg\+xml)$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The blocks of a result, in order, then its structuredContent pretty-printed. */
export function resultBlocks(result: unknown): ResultBlock[] {
  if (!isRecord(result)) return [];
  const blocks: ResultBlock[] = [];
  const content = Array.isArray(result.content) ? result.content : [];
  content.forEach((item: unknown, part) => {
    const block = blockOf(item);
    if (!block) return;
    const total = cutTotal(item);
    blocks.push(
      block.kind === 'text' && total !== undefined ? { ...block, cut: { part, total } } : block,
    );
  });
  if (result.structuredContent !== undefined) {
    blocks.push({ kind: 'json', text: prettyJson(result.structuredContent) });
  }
  return blocks;
}

/** The whole length main gave a text it cut (see electron/core/chat/toolCall/liveResults.ts). */
function cutTotal(item: unknown): number | undefined {
  if (!isRecord(item) || !isRecord(item._meta)) return undefined;
  const cut = item._meta['io.hearth/cut'];
  return isRecord(cut) && typeof cut.total === 'number' ? cut.total : undefined;
}

function blockOf(item: unknown): ResultBlock | undefined {
  if (!isRecord(item)) return undefined;
  if (item.type === 'text' && typeof item.text === 'string')
    return { kind: 'text', text: item.text };
  if (
    item.type === 'image' &&
    typeof item.data === 'string' &&
    typeof item.mimeType === 'string' &&
    IMAGE_TYPES.test(item.mimeType) &&
    BASE64.test(item.data)
  ) {
    return {
      kind: 'image',
      src: `data:${item.mimeType};base64,${item.data}`,
      mimeType: item.mimeType,
    };
  }
  if (
    item.type === 'resource' &&
    isRecord(item.resource) &&
    typeof item.resource.uri === 'string'
  ) {
    const text = typeof item.resource.text === 'string' ? item.resource.text : undefined;
    return { kind: 'resource', uri: item.resource.uri, text };
  }
  if (item.type === 'resource_link' && typeof item.uri === 'string') {
    const name = typeof item.name === 'string' && item.name ? item.name : item.uri;
    const mimeType = typeof item.mimeType === 'string' ? item.mimeType : undefined;
    return { kind: 'link', uri: item.uri, name, mimeType };
  }
  // Audio and anything newer: shown as its JSON, without the bulky data.
  const rest = Object.fromEntries(Object.entries(item).filter(([key]) => key !== 'data'));
  return { kind: 'json', text: prettyJson(rest) };
}

export function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** "320 ms", "1.4 s", "2 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1_000);
  return `${minutes} min ${seconds} s`;
}

/** What a card can say about a call: its live state, or what history and the turn tell. */
export type CardState = ToolCallState | 'not-run' | 'queued' | 'finished';

export const CARD_STATES: Record<
  CardState,
  { label: string; tone: 'neutral' | 'good' | 'busy' | 'bad' | 'info' }
> = {
  'waiting-approval': { label: 'Waiting for approval', tone: 'busy' },
  'waiting-password': { label: 'Waiting for password', tone: 'busy' },
  running: { label: 'Running', tone: 'busy' },
  done: { label: 'Done', tone: 'good' },
  failed: { label: 'Failed', tone: 'bad' },
  denied: { label: 'Denied', tone: 'bad' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
  invalid: { label: 'Invalid', tone: 'bad' },
  'not-run': { label: 'Not run', tone: 'neutral' },
  queued: { label: 'Queued', tone: 'neutral' },
  finished: { label: 'Finished', tone: 'neutral' },
};

/**
 * The live state when there is one; else the outcome saved with the call; else "finished" when
 * its result was saved (history does not say how it ended), "queued" while the turn runs.
 */
export function cardStateOf(
  live: ToolCallState | undefined,
  stored: StoredToolCall | undefined,
  hasResult: boolean,
  turnRunning: boolean,
): CardState {
  if (live) return live;
  if (stored?.outcome) return stored.outcome;
  if (hasResult) return 'finished';
  return turnRunning ? 'queued' : 'not-run';
}

/**
 * What a denied call's card says: the user's own words, never the sentence written for the model
 * (`The user denied this call: … Do not repeat it; …`) that history keeps as the tool message.
 */
export function deniedText(live: string | undefined, saved: string | undefined): string {
  if (live) return live;
  const reason =
    /^The user denied this call: ([\s\S]*) Do not repeat it; continue without it\.$/.exec(
      saved ?? '',
    )?.[1];
  if (reason) return `You denied this call: “${reason}”`;
  if (saved?.startsWith('The user does not allow'))
    return 'Not run: this tool is set to never run.';
  return 'You denied this call.';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
