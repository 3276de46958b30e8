/**
 * MCP Apps across the bridge: a tool call's interactive view (its HTML, the policy it runs under,
 * the sandbox address to load it in) and what the app asks of Hearth through the page (call a
 * tool of its own server, read one of its resources). App content is untrusted, so every field
 * has a bound.
 */
import { z } from 'zod';
import { serverNameSchema } from './servers';

/** The MIME type a resource must have to be shown as an app (the MCP Apps specification). */
export const APP_RESOURCE_MIME_TYPE = 'text/html;profile=mcp-app';
/** Largest app HTML Hearth shows: single-file apps bundle their code, a few MB at most. */
export const MAX_APP_HTML_CHARS = 5_000_000;

const id = z.string().min(1).max(128);
const uri = z.string().min(1).max(4_096);
const domains = z.array(z.string().max(512)).max(64).optional();

/** Where an app may connect and load from, as its resource declares (`_meta.ui.csp`). */
export const appCspSchema = z.strictObject({
  connectDomains: domains,
  resourceDomains: domains,
  frameDomains: domains,
  baseUriDomains: domains,
});
export type AppCsp = z.output<typeof appCspSchema>;

/** Browser features the app's resource asks for (`_meta.ui.permissions`). */
export const appPermissionsSchema = z.strictObject({
  camera: z.boolean().optional(),
  microphone: z.boolean().optional(),
  geolocation: z.boolean().optional(),
  clipboardWrite: z.boolean().optional(),
});
export type AppPermissions = z.output<typeof appPermissionsSchema>;

/** Which tool call's app to show; `resourceUri` is the one saved with a call read from history. */
export const appOpenRequestSchema = z.strictObject({
  conversationId: id,
  callId: id,
  server: serverNameSchema,
  tool: z.string().min(1).max(1_000),
  resourceUri: uri.optional(),
});

/** An app ready to load: what the sandbox page receives, and where that page is. */
export const appViewSchema = z.strictObject({
  /** Names this app's session in later calls; unguessable, one per shown view. */
  appId: id,
  server: serverNameSchema,
  resourceUri: uri,
  html: z.string().max(MAX_APP_HTML_CHARS),
  csp: appCspSchema.optional(),
  permissions: appPermissionsSchema.optional(),
  /** The sandbox page on an origin of its own, served with the app's CSP. */
  sandboxUrl: z.string().max(2_048),
  /** The `sandbox` attribute of the frame the app's HTML runs in. */
  sandboxFlags: z.string().max(200),
  prefersBorder: z.boolean().optional(),
});
export type AppView = z.output<typeof appViewSchema>;

/** A tool call the app makes: any tool of its own server that is visible to apps. */
export const appToolCallSchema = z.strictObject({
  name: z.string().min(1).max(1_000),
  arguments: z.record(z.string(), z.unknown()).optional(),
});

/** A tool result as the app receives it (`CallToolResult`); its parts are the server's own. */
export const appToolResultSchema = z
  .object({
    content: z.array(z.unknown()).max(1_000),
    structuredContent: z.unknown().optional(),
    isError: z.boolean().optional(),
  })
  .loose();

/** A resource of the app's own server as the app reads it (`ReadResourceResult`). */
export const appResourceResultSchema = z
  .object({ contents: z.array(z.unknown()).max(100) })
  .loose();
