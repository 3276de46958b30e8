/**
 * An MCP App inside its tool card, through the ext-apps host side (AppBridge): main reads the
 * app's resource and hands back its HTML and the sandbox page's address; the page loads in a
 * sandboxed frame on an origin of its own, and the bridge speaks to it over postMessage with
 * that frame only. Every request the app makes goes to main's gate (its own server's tools,
 * with the user's approval; its own server's resources), the link check, or the composer; the
 * app never reaches the page, `window.hearth` or the contract.
 */
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import { useContext, useEffect, useRef, useState } from 'react';
import type { Api } from '../../../../preload/api';
import type { AppView } from '../../../../preload/schemas/apps';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { openLink } from '../../lib/links';
import { AppHostContext } from './appHostContext';
import {
  APP_FRAME_FLAGS,
  appMessageText,
  clampAppHeight,
  createLinkThrottle,
  currentTheme,
  safeSandboxFlags,
} from './appFrameLogic';

/** How long the sandbox page and then the app may take to answer before the card says so. */
export const APP_LOAD_TIMEOUT_MS = 15_000;

export interface McpAppFrameProps {
  conversationId: string;
  callId: string;
  server: string;
  tool: string;
  resourceUri: string | undefined;
  arguments: Record<string, unknown>;
  /** The whole result (live), or its text (from history); undefined while the call runs. */
  result: unknown;
  onFailed(reason: string): void;
}

type FrameState = { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed' };

export function McpAppFrame(props: McpAppFrameProps) {
  const api = useApi();
  const host = useContext(AppHostContext);
  const frame = useRef<HTMLIFrameElement>(null);
  const bridgeRef = useRef<AppBridge | undefined>(undefined);
  const [state, setState] = useState<FrameState>({ kind: 'loading' });
  const [height, setHeight] = useState(120);
  const [view, setView] = useState<AppView>();
  const latest = useRef(props);
  const hostRef = useRef(host);
  useEffect(() => {
    latest.current = props;
    hostRef.current = host;
  });
  const sentResult = useRef<unknown>(undefined);

  const { conversationId, callId, server, tool, resourceUri } = props;
  useEffect(() => {
    let disposed = false;
    let appId: string | undefined;
    let bridge: AppBridge | undefined;
    const fail = (reason: string) => {
      if (disposed) return;
      setState({ kind: 'failed' });
      latest.current.onFailed(reason);
    };
    const load = async () => {
      const opened = await api.apps.open({
        conversationId,
        callId,
        server,
        tool,
        ...(resourceUri ? { resourceUri } : {}),
      });
      appId = opened.appId;
      if (disposed) return;
      setView(opened);
      const iframe = frame.current;
      if (!iframe) return;
      // The flags are in place before the frame loads anything.
      iframe.setAttribute('sandbox', safeSandboxFlags(opened.sandboxFlags));
      const proxyReady = waitForProxyReady(iframe);
      iframe.src = opened.sandboxUrl;
      await withTimeout(proxyReady, 'the sandbox page did not start');
      if (disposed || !iframe.contentWindow) return;
      bridge = createBridge(api, opened, {
        onMessage: (text) => hostRef.current.onAppMessage?.(text),
        onHeight: (next) => setHeight(clampAppHeight(next)),
      });
      bridgeRef.current = bridge;
      const started = bridge;
      const initialized = new Promise<void>((resolve) => {
        started.oninitialized = () => resolve();
      });
      await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
      await bridge.sendSandboxResourceReady({
        html: opened.html,
        sandbox: safeSandboxFlags(opened.sandboxFlags),
        ...(opened.csp ? { csp: opened.csp } : {}),
        ...(opened.permissions ? { permissions: opened.permissions } : {}),
      });
      await withTimeout(initialized, 'the app did not start');
      if (disposed) return;
      await bridge.sendToolInput({ arguments: latest.current.arguments });
      setState({ kind: 'ready' });
    };
    load().catch((error: unknown) => fail(messageOf(error)));
    return () => {
      disposed = true;
      bridgeRef.current = undefined;
      sentResult.current = undefined;
      if (bridge) {
        const closing = bridge;
        closing
          .teardownResource({}, { timeout: 1_000 })
          .catch(() => undefined)
          .finally(() => void closing.close().catch(() => undefined));
      }
      if (appId) api.apps.close(appId).catch(() => undefined);
    };
  }, [api, conversationId, callId, server, tool, resourceUri]);

  // The result goes to the app once it is there and the app has started.
  useEffect(() => {
    const bridge = bridgeRef.current;
    if (state.kind !== 'ready' || !bridge || props.result === undefined) return;
    if (sentResult.current === props.result) return;
    sentResult.current = props.result;
    bridge.sendToolResult(asToolResult(props.result)).catch(() => undefined);
  }, [state, props.result]);

  // The theme follows Hearth's, live.
  useEffect(() => {
    if (state.kind !== 'ready') return;
    const root = document.documentElement;
    const observer = new MutationObserver(() =>
      bridgeRef.current?.setHostContext(hostContext(frame.current)),
    );
    observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, [state]);

  if (state.kind === 'failed') return null;
  return (
    <div
      className={`mcp-app${view?.prefersBorder === false ? '' : ' mcp-app-bordered'}`}
      aria-busy={state.kind === 'loading'}
    >
      {state.kind === 'loading' && <p className="muted mcp-app-loading">Loading the app…</p>}
      <iframe
        ref={frame}
        className="mcp-app-frame"
        title={`App of ${server} › ${tool}`}
        // The frame's own flags come before its address: no popups, no top navigation.
        sandbox={safeSandboxFlags(view?.sandboxFlags ?? APP_FRAME_FLAGS.join(' '))}
        allow={permissionPolicy(view)}
        referrerPolicy="no-referrer"
        style={{ height }}
      />
    </div>
  );
}

function createBridge(
  api: Api,
  view: AppView,
  effects: { onMessage(text: string): void; onHeight(height: number): void },
): AppBridge {
  const bridge = new AppBridge(
    null,
    { name: 'Hearth', version: '1' },
    {
      openLinks: {},
      serverTools: {},
      serverResources: {},
      logging: {},
      message: { text: {} },
      sandbox: {
        ...(view.csp ? { csp: view.csp } : {}),
        ...(view.permissions ? { permissions: permissionsForSpec(view) } : {}),
      },
    },
    { hostContext: hostContext(undefined) },
  );
  bridge.oncalltool = async (params) =>
    (await api.apps.callTool(view.appId, {
      name: params.name,
      ...(params.arguments ? { arguments: params.arguments } : {}),
    })) as Awaited<ReturnType<NonNullable<AppBridge['oncalltool']>>>;
  bridge.onreadresource = async (params) =>
    (await api.apps.readResource(view.appId, params.uri)) as Awaited<
      ReturnType<NonNullable<AppBridge['onreadresource']>>
    >;
  bridge.onmessage = async (params) => {
    const text = appMessageText(params.content);
    if (!text) return { isError: true };
    effects.onMessage(text);
    return {};
  };
  const mayOpenLink = createLinkThrottle();
  bridge.onopenlink = async (params) => {
    if (!mayOpenLink()) return { isError: true };
    const refused = await openLink(api, params.url);
    return refused ? { isError: true } : {};
  };
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) effects.onHeight(height);
  };
  bridge.onrequestdisplaymode = async () => ({ mode: 'inline' });
  bridge.onloggingmessage = () => undefined;
  return bridge;
}

function hostContext(iframe: HTMLIFrameElement | null | undefined): McpUiHostContext {
  const width = iframe?.parentElement?.clientWidth;
  return {
    theme: currentTheme(),
    displayMode: 'inline',
    availableDisplayModes: ['inline'],
    platform: 'desktop',
    locale: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    containerDimensions: {
      maxHeight: clampAppHeight(Number.POSITIVE_INFINITY),
      ...(width ? { width } : {}),
    },
  };
}

function waitForProxyReady(iframe: HTMLIFrameElement): Promise<void> {
  return new Promise((resolve) => {
    const listener = (event: MessageEvent) => {
      const data = event.data as { method?: unknown } | null;
      if (
        event.source === iframe.contentWindow &&
        data?.method === 'ui/notifications/sandbox-proxy-ready'
      ) {
        window.removeEventListener('message', listener);
        resolve();
      }
    };
    window.addEventListener('message', listener);
  });
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${what} within ${APP_LOAD_TIMEOUT_MS / 1_000} s`)),
      APP_LOAD_TIMEOUT_MS,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A result from history is its text; the app gets it as one text block. */
function asToolResult(result: unknown): { content: { type: 'text'; text: string }[] } {
  if (typeof result === 'string') return { content: [{ type: 'text', text: result }] };
  return result as { content: { type: 'text'; text: string }[] };
}

function permissionPolicy(view: AppView | undefined): string | undefined {
  const permissions = view?.permissions;
  if (!permissions) return undefined;
  const features = [
    permissions.camera && 'camera',
    permissions.microphone && 'microphone',
    permissions.geolocation && 'geolocation',
    permissions.clipboardWrite && 'clipboard-write',
  ].filter(Boolean);
  return features.length ? features.join('; ') : undefined;
}

function permissionsForSpec(view: AppView): Record<string, object> {
  return Object.fromEntries(
    Object.entries(view.permissions ?? {})
      .filter(([, granted]) => granted)
      .map(([name]) => [name, {}]),
  );
}
