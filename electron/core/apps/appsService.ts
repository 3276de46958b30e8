/**
 * MCP Apps in Hearth: each shown app is a session bound to one tool call of one server. What the
 * app asks for through the page is checked here against that session: it calls only its own
 * server's tools, only those visible to apps, through the same policy, approval and audit as the
 * model's calls; it reads only its own server's resources. Nothing here knows about frames or
 * windows; the hosts serve the sandbox page this hands them.
 */
import { randomBytes } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { z } from 'zod';
import type { AppCsp, AppView, appOpenRequestSchema } from '../../../preload/schemas/apps';
import { UserFacingError } from '../bridge/errors';
import { runToolCall, type SharedCallContext } from '../chat';
import {
  APP_SANDBOX_FLAGS,
  appFromReadResult,
  isAppUri,
  type McpManager,
  sandboxPageHeaders,
  sandboxPageHtml,
  toolAppResourceUri,
  toolVisibleTo,
} from '../mcp';
import { matchesAnyCspSource } from '../security/cspSource';

/** Apps shown at once across windows; the oldest session ends past this (its view says so). */
export const MAX_APP_SESSIONS = 64;
/**
 * Calls one app may have waiting or running at once: each may put an approval in front of the
 * user, and an app must not bury them in questions.
 */
export const MAX_APP_CALLS_IN_FLIGHT = 4;

type OpenRequest = z.output<typeof appOpenRequestSchema>;

interface AppSession {
  appId: string;
  conversationId: string;
  callId: string;
  server: string;
  tool: string;
  resourceUri: string;
  csp?: AppCsp;
  /** Counts the app's calls, so each gets an id of its own for the approval and the audit. */
  calls: number;
  /** Its calls waiting for the user or running now. */
  inFlight: number;
}

export interface AppsServiceOptions {
  mcp: Pick<McpManager, 'catalog' | 'store' | 'withClient' | 'list'>;
  /** The chat's gates for a conversation (policy, approval, audit). */
  callContext(conversationId: string): SharedCallContext;
  /**
   * The saved tool call an app is shown for: whether its conversation exists, and the call's
   * server and tool when the conversation holds a call of that id.
   */
  findCall(
    conversationId: string,
    callId: string,
  ): { conversation: boolean; call?: { server: string; tool: string } };
}

export interface AppsService {
  /** Reads the app a tool call declares; throws a UserFacingError saying why it cannot be shown. */
  open(request: OpenRequest): Promise<AppView>;
  /** A tool call from the app: its own server's tools only, through the user's policy. */
  callTool(appId: string, name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** A resource of the app's own server. */
  readResource(appId: string, uri: string): Promise<{ contents: unknown[] }>;
  close(appId: string): boolean;
  /** The host tells where its sandbox origin is, once it listens. */
  useSandbox(sandbox: { baseUrl: string; hostOrigins: string[] }): void;
  /** The sandbox page for an app, with its headers; undefined for an unknown app. */
  sandboxPage(appId: string): { html: string; headers: Record<string, string> } | undefined;
  /**
   * May a frame nested in an open app load `url`? Only when it matches a source the app's
   * resource declared in `frameDomains`, as its sandbox page's `frame-src` says.
   */
  nestedFrameAllowed(appId: string, url: string): boolean;
}

export function createAppsService(options: AppsServiceOptions): AppsService {
  const sessions = new Map<string, AppSession>();
  let sandbox: { baseUrl: string; hostOrigins: string[] } | undefined;

  const session = (appId: string): AppSession => {
    const found = sessions.get(appId);
    if (!found) throw new UserFacingError('This app was closed; open its conversation again.');
    return found;
  };

  const serverState = (server: string): string | undefined =>
    options.mcp.list().find((entry) => entry.config.name === server)?.status.state;

  return {
    async open(request) {
      if (!sandbox) throw new UserFacingError('this window cannot show apps.');
      // An app belongs to one saved call: an id that names none gets no session.
      const found = options.findCall(request.conversationId, request.callId);
      if (!found.conversation) throw new UserFacingError('its conversation no longer exists.');
      if (!found.call)
        throw new UserFacingError('the tool call it belongs to is not in this conversation.');
      if (found.call.server !== request.server || found.call.tool !== request.tool)
        throw new UserFacingError(
          `that call was to “${found.call.tool}” of “${found.call.server}”, not to “${request.tool}” of “${request.server}”.`,
        );
      const config = options.mcp.store.get(request.server);
      if (!config)
        throw new UserFacingError(`its server “${request.server}” is no longer in your list.`);
      const state = serverState(config.name);
      if (state !== 'ready')
        throw new UserFacingError(
          `its server “${config.name}” is not running (${state ?? 'stopped'}). Start it in Servers to see the app again.`,
        );
      const declared = toolAppResourceUri(
        options.mcp.catalog.definition(config.name, request.tool),
      );
      const resourceUri =
        declared ?? (isAppUri(request.resourceUri) ? request.resourceUri : undefined);
      if (!resourceUri)
        throw new UserFacingError(`“${request.tool}” declares no app (no ui:// resource).`);
      let app;
      try {
        const result = await options.mcp.withClient(config.name, (client) =>
          client.readResource({ uri: resourceUri }),
        );
        app = appFromReadResult(result, resourceUri);
      } catch (error) {
        throw new UserFacingError(
          `its resource could not be used: ${(error as Error).message.slice(0, 500)}.`,
        );
      }
      const appId = randomBytes(18).toString('base64url');
      sessions.set(appId, {
        appId,
        conversationId: request.conversationId,
        callId: request.callId,
        server: config.name,
        tool: request.tool,
        resourceUri,
        ...(app.csp ? { csp: app.csp } : {}),
        calls: 0,
        inFlight: 0,
      });
      while (sessions.size > MAX_APP_SESSIONS) {
        const oldest = sessions.keys().next().value;
        if (oldest === undefined) break;
        sessions.delete(oldest);
      }
      return {
        appId,
        server: config.name,
        resourceUri,
        html: app.html,
        ...(app.csp ? { csp: app.csp } : {}),
        ...(app.permissions ? { permissions: app.permissions } : {}),
        ...(app.prefersBorder !== undefined ? { prefersBorder: app.prefersBorder } : {}),
        sandboxUrl: `${sandbox.baseUrl}/app/${appId}`,
        sandboxFlags: APP_SANDBOX_FLAGS,
      };
    },

    async callTool(appId, name, args) {
      const app = session(appId);
      const refused = (text: string): CallToolResult => ({
        content: [{ type: 'text', text }],
        isError: true,
      });
      const definition = options.mcp.catalog.definition(app.server, name);
      if (!definition)
        return refused(
          `Refused: “${app.server}” has no tool named “${name}” running now. An app calls only its own server's tools.`,
        );
      if (!toolVisibleTo(definition, 'app'))
        return refused(
          `Refused: “${name}” is for the model only; its server does not let apps call it.`,
        );
      if (options.mcp.store.get(app.server)?.tools[name]?.enabled === false)
        return refused(`Refused: you switched “${name}” off.`);
      if (app.inFlight >= MAX_APP_CALLS_IN_FLIGHT)
        return refused(
          `Refused: this app already has ${MAX_APP_CALLS_IN_FLIGHT} calls waiting or running; wait for them first.`,
        );
      const callId = `app-${app.appId.slice(0, 12)}-${++app.calls}`;
      let result: CallToolResult | undefined;
      app.inFlight++;
      try {
        const shared = options.callContext(app.conversationId);
        const outcome = await runToolCall(
          { callId, modelName: name, rawArguments: args },
          {
            ...shared,
            // The approval says the app asked, not the model.
            questions: {
              askApproval: (question, signal) =>
                shared.questions.askApproval({ ...question, fromApp: { tool: app.tool } }, signal),
              askSudoPassword: (question, signal) =>
                shared.questions.askSudoPassword(question, signal),
              askElicitation: (question, signal) =>
                shared.questions.askElicitation(question, signal),
              askSampling: (question, signal) => shared.questions.askSampling(question, signal),
            },
            // The name resolves to this server's tool and nothing else.
            tools: {
              ...shared.tools,
              resolve: (modelName) =>
                modelName === name ? { server: app.server, tool: name } : undefined,
              modelNames: () => [name],
            },
            conversationId: app.conversationId,
            turnId: `app-${app.appId.slice(0, 24)}`,
            signal: new AbortController().signal,
            seen: new Set(),
            emit: (event) => {
              if (event.result !== undefined) result = event.result as CallToolResult;
            },
          },
        );
        if (result && outcome.state === 'done') return result;
        if (result && outcome.state === 'failed') return { ...result, isError: true };
        return refused(outcome.content);
      } finally {
        app.inFlight--;
      }
    },

    async readResource(appId, uri) {
      const app = session(appId);
      const result = await options.mcp.withClient(app.server, (client) =>
        client.readResource({ uri }),
      );
      return { ...result, contents: result.contents.slice(0, 100) };
    },

    close: (appId) => sessions.delete(appId),

    useSandbox(given) {
      sandbox = given;
    },

    sandboxPage(appId) {
      const app = sessions.get(appId);
      if (!app || !sandbox) return undefined;
      return {
        html: sandboxPageHtml(sandbox.hostOrigins),
        headers: sandboxPageHeaders(app.csp, sandbox.hostOrigins),
      };
    },

    nestedFrameAllowed(appId, url) {
      const declared = sessions.get(appId)?.csp?.frameDomains ?? [];
      return matchesAnyCspSource(url, declared);
    },
  };
}
