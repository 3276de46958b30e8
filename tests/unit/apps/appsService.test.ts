import type { Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import {
  createAppsService,
  MAX_APP_CALLS_IN_FLIGHT,
} from '../../../electron/core/apps/appsService';
import type { SharedCallContext } from '../../../electron/core/chat/service/chatService';
import type { ToolAccess } from '../../../electron/core/chat/toolCall/types';
import type { UserQuestions } from '../../../electron/core/questions/userQuestions';
import type { McpManager } from '../../../electron/core/mcp/manager';
import { toolAccess } from '../../support/toolAccess';

// The gate an MCP App's requests pass: its own server's tools only, never a model-only one, with
// the same approval as the model's calls; and the reasons a card shows when an app cannot load.
const APP_URI = 'ui://clock/app.html';
const HTML = '<!doctype html><p>clock</p>';

function tool(name: string, meta?: Record<string, unknown>): Tool {
  return { name, inputSchema: { type: 'object' }, ...(meta ? { _meta: meta } : {}) } as Tool;
}

const servers: Record<string, Tool[]> = {
  clock: [
    tool('show', { ui: { resourceUri: APP_URI } }),
    tool('tick', { ui: { visibility: ['app'] } }),
    tool('secret', { ui: { visibility: ['model'] } }),
    tool('off'),
  ],
  other: [tool('echo')],
};

/** Answers every approval held by a `hold` setup. */
let release: () => void = () => undefined;

function setup(options: { answer?: 'once' | 'deny' | 'hold'; state?: string; mime?: string } = {}) {
  let held = Promise.resolve();
  if (options.answer === 'hold')
    held = new Promise<void>((resolve) => {
      release = resolve;
    });
  const asked: { server: string; tool: string; fromApp?: { tool: string } }[] = [];
  const ran: { server: string; tool: string; args: unknown }[] = [];
  const questions = {
    askApproval: async (request: { server: string; tool: string; fromApp?: { tool: string } }) => {
      asked.push({ server: request.server, tool: request.tool, fromApp: request.fromApp });
      await held;
      return options.answer === 'deny'
        ? { decision: 'deny' as const }
        : { decision: 'once' as const };
    },
  } as unknown as UserQuestions;
  const definition = (server: string, name: string) =>
    servers[server]?.find((entry) => entry.name === name);
  const tools: ToolAccess = toolAccess({
    definition,
    settled: async () => 'stopped',
    call: async (server, name, args) => {
      ran.push({ server, tool: name, args });
      return { ok: true, result: { content: [{ type: 'text', text: `${name} ran` }] } };
    },
  });
  const context: SharedCallContext = {
    tools,
    questions,
    sudo: { issue: () => 'ticket', revoke: () => undefined },
    askForEveryTool: false,
    maxResultChars: 10_000,
    allowedHere: new Set(),
  };
  const mcp = {
    catalog: { definition },
    store: {
      get: (name: string) =>
        servers[name]
          ? { name, tools: name === 'clock' ? { off: { enabled: false } } : {} }
          : undefined,
    },
    list: () =>
      Object.keys(servers).map((name) => ({
        config: { name },
        status: { state: options.state ?? 'ready' },
      })),
    withClient: async (_server: string, work: (client: unknown) => Promise<unknown>) =>
      work({
        readResource: async ({ uri }: { uri: string }) => ({
          contents: [
            {
              uri,
              mimeType: options.mime ?? 'text/html;profile=mcp-app',
              text: HTML,
              _meta: {
                ui: {
                  csp: { connectDomains: ['https://api.example.com', "'unsafe-eval'", 'x; y'] },
                  permissions: { camera: {} },
                },
              },
            },
          ],
        }),
      }),
  } as unknown as Pick<McpManager, 'catalog' | 'store' | 'withClient' | 'list'>;
  const apps = createAppsService({
    mcp,
    callContext: () => context,
    findCall: (conversationId, callId) => ({
      conversation: conversationId === 'c1',
      ...(conversationId === 'c1' && SAVED_CALLS[callId] ? { call: SAVED_CALLS[callId] } : {}),
    }),
  });
  apps.useSandbox({ baseUrl: 'http://127.0.0.1:5000', hostOrigins: ['http://127.0.0.1:4000'] });
  return { apps, asked, ran };
}

const request = { conversationId: 'c1', callId: 'k1', server: 'clock', tool: 'show' };
/** The tool calls saved in conversation c1, by id, as the history holds them. */
const SAVED_CALLS: Record<string, { server: string; tool: string }> = {
  k1: { server: 'clock', tool: 'show' },
  'k-gone': { server: 'gone', tool: 'show' },
  'k-tick': { server: 'clock', tool: 'tick' },
};
const tickRequest = { ...request, callId: 'k-tick', tool: 'tick' };

describe('an MCP App session', () => {
  it('opens with the declared resource, its cleaned CSP and permissions, and a sandbox address', async () => {
    const { apps } = setup();
    const view = await apps.open(request);
    expect(view.html).toBe(HTML);
    expect(view.resourceUri).toBe(APP_URI);
    // Only real sources pass: a keyword or a directive break would change the policy itself.
    expect(view.csp).toEqual({ connectDomains: ['https://api.example.com'] });
    expect(view.permissions).toEqual({ camera: true });
    expect(view.sandboxUrl).toBe(`http://127.0.0.1:5000/app/${view.appId}`);
    expect(view.sandboxFlags).not.toMatch(/top-navigation|popups/);
    const page = apps.sandboxPage(view.appId);
    expect(page?.headers['Content-Security-Policy']).toContain(
      "connect-src 'self' https://api.example.com",
    );
    expect(page?.headers['Content-Security-Policy']).toContain(
      'frame-ancestors http://127.0.0.1:4000',
    );
    expect(apps.sandboxPage('unknown')).toBeUndefined();
  });

  it('calls its own server’s tools with the user’s approval', async () => {
    const { apps, asked, ran } = setup();
    const { appId } = await apps.open(request);
    const result = await apps.callTool(appId, 'tick', { n: 1 });
    expect(result.isError).toBeFalsy();
    // The dialog says the app asked, from the card of the call that shows it.
    expect(asked).toEqual([{ server: 'clock', tool: 'tick', fromApp: { tool: 'show' } }]);
    expect(ran).toEqual([{ server: 'clock', tool: 'tick', args: { n: 1 } }]);
  });

  it('runs nothing the user denies', async () => {
    const { apps, ran } = setup({ answer: 'deny' });
    const { appId } = await apps.open(request);
    const result = await apps.callTool(appId, 'tick', {});
    expect(result.isError).toBe(true);
    expect(ran).toEqual([]);
  });

  it('never calls another server’s tool, a model-only tool or one switched off', async () => {
    const { apps, asked, ran } = setup();
    const { appId } = await apps.open(request);
    const other = await apps.callTool(appId, 'echo', {});
    expect(other).toMatchObject({ isError: true });
    expect(JSON.stringify(other)).toContain('has no tool named “echo”');
    const secret = await apps.callTool(appId, 'secret', {});
    expect(JSON.stringify(secret)).toContain('for the model only');
    const off = await apps.callTool(appId, 'off', {});
    expect(JSON.stringify(off)).toContain('switched “off” off');
    expect(asked).toEqual([]);
    expect(ran).toEqual([]);
  });

  it('keeps at most a few of one app’s calls waiting at once', async () => {
    const { apps, asked } = setup({ answer: 'hold' });
    const { appId } = await apps.open(request);
    const waiting = Array.from({ length: MAX_APP_CALLS_IN_FLIGHT }, () =>
      apps.callTool(appId, 'tick', {}),
    );
    const extra = await apps.callTool(appId, 'tick', {});
    expect(JSON.stringify(extra)).toContain('already has');
    expect(asked).toHaveLength(MAX_APP_CALLS_IN_FLIGHT);
    release();
    await Promise.all(waiting);
    expect((await apps.callTool(appId, 'tick', {})).isError).toBeFalsy();
  });

  it('refuses calls from a closed app', async () => {
    const { apps } = setup();
    const { appId } = await apps.open(request);
    expect(apps.close(appId)).toBe(true);
    await expect(apps.callTool(appId, 'tick', {})).rejects.toThrow(/closed/);
  });

  it('says why an app cannot be shown', async () => {
    await expect(setup({ state: 'stopped' }).apps.open(request)).rejects.toThrow(
      /“clock” is not running \(stopped\)/,
    );
    await expect(
      setup().apps.open({ ...request, callId: 'k-gone', server: 'gone' }),
    ).rejects.toThrow(/no longer in your list/);
    await expect(setup({ mime: 'text/html' }).apps.open(request)).rejects.toThrow(
      /not an app \(text\/html;profile=mcp-app\)/,
    );
    await expect(setup().apps.open(tickRequest)).rejects.toThrow(/declares no app/);
  });

  it('refuses a conversation or a call that does not exist, or a call to another tool', async () => {
    const { apps } = setup();
    await expect(apps.open({ ...request, conversationId: 'no-such' })).rejects.toThrow(
      'its conversation no longer exists.',
    );
    await expect(apps.open({ ...request, callId: 'no-such' })).rejects.toThrow(
      'the tool call it belongs to is not in this conversation.',
    );
    // A real call, but to another tool: the app of "show" is not opened on the call of "tick".
    await expect(apps.open({ ...request, callId: 'k-tick' })).rejects.toThrow(
      'that call was to “tick” of “clock”, not to “show” of “clock”.',
    );
  });

  it('shows a saved app from history by its saved ui:// resource, never another scheme', async () => {
    const { apps } = setup();
    const view = await apps.open({ ...tickRequest, resourceUri: APP_URI });
    expect(view.resourceUri).toBe(APP_URI);
    await expect(apps.open({ ...tickRequest, resourceUri: 'file:///etc/passwd' })).rejects.toThrow(
      /declares no app/,
    );
  });
});
