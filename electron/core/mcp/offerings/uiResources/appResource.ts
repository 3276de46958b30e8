/**
 * MCP Apps: which `ui://` resource a tool declares, and what reading it gives: the app's HTML and
 * the policy its resource asks for (CSP domains, browser permissions). Everything a server wrote
 * is checked here before a page sees it; a resource that is not an app is refused with a reason
 * the tool card shows.
 */
import type { Tool } from '@modelcontextprotocol/client';
import {
  APP_RESOURCE_MIME_TYPE,
  MAX_APP_HTML_CHARS,
  type AppCsp,
  type AppPermissions,
} from '../../../../../preload/schemas/apps';

/** The app resource a tool declares: `_meta.ui.resourceUri`, or the older `_meta["ui/resourceUri"]`. */
export function toolAppResourceUri(tool: Pick<Tool, '_meta'> | undefined): string | undefined {
  const meta = tool?._meta;
  if (!meta || typeof meta !== 'object') return undefined;
  const ui = (meta as Record<string, unknown>).ui;
  const nested =
    ui && typeof ui === 'object' ? (ui as { resourceUri?: unknown }).resourceUri : undefined;
  const uri = nested ?? (meta as Record<string, unknown>)['ui/resourceUri'];
  return isAppUri(uri) ? uri : undefined;
}

/** Only `ui://` resources are apps; anything else a server names is ignored. */
export function isAppUri(uri: unknown): uri is string {
  return typeof uri === 'string' && uri.length <= 4_096 && uri.startsWith('ui://');
}

export interface AppResource {
  html: string;
  csp?: AppCsp;
  permissions?: AppPermissions;
  prefersBorder?: boolean;
}

/** Reads the app out of a `resources/read` result; throws an Error whose message says why not. */
export function appFromReadResult(result: { contents?: unknown[] }, uri: string): AppResource {
  const contents = (result.contents ?? []).filter(
    (entry): entry is Record<string, unknown> => !!entry && typeof entry === 'object',
  );
  const content = contents.find((entry) => entry.uri === uri) ?? contents[0];
  if (!content) throw new Error(`the server returned nothing for ${uri}`);
  const mimeType = typeof content.mimeType === 'string' ? content.mimeType : undefined;
  if (normaliseMime(mimeType) !== normaliseMime(APP_RESOURCE_MIME_TYPE)) {
    throw new Error(
      `${uri} is ${mimeType ? `of type “${mimeType.slice(0, 100)}”` : 'of no declared type'}, not an app (${APP_RESOURCE_MIME_TYPE})`,
    );
  }
  const html = htmlOf(content);
  if (html === undefined) throw new Error(`${uri} carries no HTML`);
  if (html.length > MAX_APP_HTML_CHARS)
    throw new Error(
      `its HTML is ${html.length.toLocaleString('en')} characters, more than the ${MAX_APP_HTML_CHARS.toLocaleString('en')} Hearth shows`,
    );
  const ui = uiMeta(content);
  const csp = cspOf(ui?.csp);
  const permissions = permissionsOf(ui?.permissions);
  return {
    html,
    ...(csp ? { csp } : {}),
    ...(permissions ? { permissions } : {}),
    ...(typeof ui?.prefersBorder === 'boolean' ? { prefersBorder: ui.prefersBorder } : {}),
  };
}

function normaliseMime(mimeType: string | undefined): string {
  return (mimeType ?? '').replace(/\s+/g, '').toLowerCase();
}

function htmlOf(content: Record<string, unknown>): string | undefined {
  if (typeof content.text === 'string') return content.text;
  if (typeof content.blob !== 'string') return undefined;
  if (content.blob.length > MAX_APP_HTML_CHARS * 2) return 'x'.repeat(MAX_APP_HTML_CHARS + 1);
  return Buffer.from(content.blob, 'base64').toString('utf8');
}

function uiMeta(content: Record<string, unknown>): Record<string, unknown> | undefined {
  // `_meta` is the specification's; `meta` is how one Python SDK spells it.
  const meta = content._meta ?? content.meta;
  const ui = meta && typeof meta === 'object' ? (meta as Record<string, unknown>).ui : undefined;
  return ui && typeof ui === 'object' ? (ui as Record<string, unknown>) : undefined;
}

/**
 * A source the CSP may name: a scheme and host with an optional port and path, or a wildcard
 * host. Quotes, spaces, semicolons and keywords would change the policy itself, so they never
 * pass.
 */
const CSP_SOURCE =
  /^(https?|wss?):\/\/(\*\.)?[A-Za-z0-9.-]+(:(\d{1,5}|\*))?(\/[A-Za-z0-9._~/%-]*)?$/;

/** The declared domains that are real sources; the rest are dropped. */
export function cleanDomains(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const kept = value
    .filter((entry): entry is string => typeof entry === 'string' && CSP_SOURCE.test(entry))
    .slice(0, 64);
  return kept.length ? kept : undefined;
}

function cspOf(value: unknown): AppCsp | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const declared = value as Record<string, unknown>;
  const csp: AppCsp = {};
  for (const key of [
    'connectDomains',
    'resourceDomains',
    'frameDomains',
    'baseUriDomains',
  ] as const) {
    const domains = cleanDomains(declared[key]);
    if (domains) csp[key] = domains;
  }
  return Object.keys(csp).length ? csp : undefined;
}

function permissionsOf(value: unknown): AppPermissions | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const declared = value as Record<string, unknown>;
  const permissions: AppPermissions = {};
  for (const key of ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const) {
    // The specification writes each as an empty object; older servers wrote `true`.
    const asked = declared[key];
    if (asked === true || (asked !== null && typeof asked === 'object')) permissions[key] = true;
  }
  return Object.keys(permissions).length ? permissions : undefined;
}
