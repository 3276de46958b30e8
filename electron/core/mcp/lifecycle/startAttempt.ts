/**
 * One try at starting a server: over one transport kind, with its protocol era known or to be
 * probed. Builds the transport and Hearth's client, connects within the start deadline (which
 * waits out an npx or uvx download), then reads what the server offers. A failure is described
 * in words, naming the sandbox when it was the cause; the connection decides what follows.
 */
import { progressBeforeResults } from './progressBeforeResults';
import type { Client, Transport } from '@modelcontextprotocol/client';
import { buildTransport, type TransportKind } from '../transport/connectionTransport';
import { StdioProcessTransport } from '../transport/stdioProcessTransport';
import { createHearthClient, STDIO_PROBE_TIMEOUT_MS } from './hearthClient';
import { describeConnectError } from './serverErrors';
import { namingTheSandbox } from './sandboxCause';
import { eraKey, type EraVerdict } from './eraVerdicts';
import { rememberEra, type AttemptOutcome } from './protocolEra';
import { startDeadline } from './startDeadline';
import { applyLogLevel } from '../fromServer/loggingLevel';
import { isSignInRequired } from '../oauth/signInRequired';
import { listOfferings, type ServerOfferings } from '../offerings/serverOfferings';
import type { ConnectionContext, ProtocolSource } from './connectionContext';

/** What an attempt needs of the connection it starts. */
export interface AttemptHost {
  context: ConnectionContext;
  connectTimeoutMs: number;
  /** False once the connection moved on (stopped or restarted) meanwhile. */
  isCurrent(): boolean;
  /** The client and transport being started become the connection's: its status shows them. */
  adopt(client: Client, transport: Transport, kind: TransportKind): void;
  /** Something its status shows changed (a download's progress, a sandbox refusal). */
  statusChanged(): void;
  disconnect(): Promise<void>;
  /** It answered and its lists are read: the connection is ready. */
  ready(client: Client, offered: ServerOfferings, source: ProtocolSource): void;
}

export async function attemptStart(
  kind: TransportKind,
  prior: EraVerdict | undefined,
  host: AttemptHost,
): Promise<AttemptOutcome> {
  const attempt = prepareAttempt(kind, prior, host);
  if (!attempt.ok) return attempt.outcome;
  try {
    return await connectAndRead(attempt, host);
  } catch (error) {
    return failedAttempt(error, attempt, host);
  }
}

/** One attempt's parts, from its transport to the deadline that ends it. */
interface Attempt {
  ok: true;
  /** The config as the attempt began: what it started, and what its failure names. */
  config: ReturnType<ConnectionContext['config']>;
  kind: TransportKind;
  prior: EraVerdict | undefined;
  /** The era the client starts with: the remembered one, or the built-in server's. */
  known: EraVerdict | undefined;
  transport: Transport;
  client: Client;
  /** The stdio child, when it is one: npx and uvx may be downloading. */
  launcher: StdioProcessTransport | undefined;
  deadline: ReturnType<typeof startDeadline> | undefined;
}

/** The transport and Hearth's client, adopted by the connection, with the start's deadline. */
function prepareAttempt(
  kind: TransportKind,
  prior: EraVerdict | undefined,
  host: AttemptHost,
): Attempt | { ok: false; outcome: AttemptOutcome } {
  const { context } = host;
  const config = context.config();
  const built = buildTransport(config, kind, {
    launchContext: context.launchContext(),
    log: context.log,
    builtinServer: context.builtinServer,
    fetch: context.auth?.fetch,
    onSandboxChange: () => host.statusChanged(),
    onDownloadChange: () => {
      if (host.isCurrent()) host.statusChanged();
    },
  });
  if (!built.ok) return { ok: false, outcome: { message: built.message, tryNextKind: false } };
  const transport = built.value;
  // Hearth's own server is in this process and speaks the 2025 protocol: nothing to probe.
  const known: EraVerdict | undefined = kind === 'in-process' ? { kind: 'legacy' } : prior;
  const client = createHearthClient({
    version: context.clientVersion,
    server: () => context.config().name,
    roots: () => context.config().roots,
    requests: context.serverRequests,
    ...(kind === 'stdio' ? { probeTimeoutMs: STDIO_PROBE_TIMEOUT_MS } : {}),
  });
  host.adopt(client, transport, kind);
  // npx and uvx may download the package first: the limit counts from the end of that.
  const launcher = transport instanceof StdioProcessTransport ? transport : undefined;
  const deadline = launcher
    ? startDeadline(host.connectTimeoutMs, {
        get lastActivity() {
          return launcher.download?.lastActivity;
        },
        get lastSignOfWork() {
          return launcher.download?.lastSignOfWork;
        },
        get finished() {
          return launcher.download?.finished ?? false;
        },
      })
    : undefined;
  return { ok: true, config, kind, prior, known, transport, client, launcher, deadline };
}

/** Connects within the deadline, remembers the era, reads what the server offers: ready. */
async function connectAndRead(attempt: Attempt, host: AttemptHost): Promise<AttemptOutcome> {
  const { config, kind, prior, known, transport, client, launcher, deadline } = attempt;
  const { context } = host;
  await client.connect(transport, {
    ...(deadline
      ? { timeout: LONGEST_TIMER_MS, signal: deadline.signal }
      : { timeout: host.connectTimeoutMs }),
    ...(known ? { prior: known } : {}),
  });
  deadline?.dispose();
  progressBeforeResults(transport);
  if (!host.isCurrent()) return 'superseded';
  const source = kind === 'in-process' ? 'built-in' : prior ? 'remembered' : 'probed';
  // A probe that met a launcher still downloading heard nothing, which says nothing of the
  // server's era: it is asked again next time.
  const downloaded = launcher?.download?.lastActivity !== undefined;
  launcher?.download?.answered();
  if (kind !== 'in-process' && !downloaded)
    rememberEra(client, context.eras, eraKey(context.config()));
  // The log level is set while the lists load: one round trip, not two, before ready. The
  // 2026 protocol has no logging/setLevel: the level travels with each call (callTool).
  const [offered] = await Promise.all([
    listOfferings(client),
    client.getProtocolEra() !== 'modern'
      ? applyLogLevel(client, config.logLevel, context.log)
      : undefined,
  ]);
  if (!host.isCurrent()) return 'superseded';
  const info = client.getServerVersion();
  context.log.add(
    'hearth',
    'info',
    `Ready: ${info?.name ?? 'server'} ${info?.version ?? ''}, ${offered.tools.length} tools, protocol ${client.getNegotiatedProtocolVersion() ?? 'unknown'}.`.replace(
      ' ,',
      ',',
    ),
  );
  host.ready(client, offered, source);
  return 'ready';
}

/** The attempt failed: disconnected, and why in words (the download, the sandbox, sign-in). */
async function failedAttempt(
  error: unknown,
  attempt: Attempt,
  host: AttemptHost,
): Promise<AttemptOutcome> {
  const { config, kind, known, transport, client, launcher, deadline } = attempt;
  const { context } = host;
  deadline?.dispose();
  const download = launcher?.download;
  const downloadPackage =
    download?.lastActivity !== undefined
      ? { package: download.packageName, stalled: deadline?.stalled ?? false }
      : undefined;
  const stderr = context.log.recentStderr(5);
  const ended =
    transport instanceof StdioProcessTransport &&
    transport.exit !== undefined &&
    !transport.stoppedBecause;
  const endedWhileProbing = ended && !known && client.getProtocolEra() === undefined;
  await host.disconnect();
  if (!host.isCurrent()) return 'superseded';
  if (isSignInRequired(error)) return 'sign-in';
  const described = namingTheSandbox(
    describeConnectError(error, {
      kind,
      config,
      transport,
      stderr,
      timeoutMs: host.connectTimeoutMs,
      ...(downloadPackage ? { download: downloadPackage } : {}),
    }),
    transport,
  );
  return { ...described, ended, endedWhileProbing };
}

/** The longest delay a Node timer takes: the start deadline, not the request, ends a start. */
const LONGEST_TIMER_MS = 2_147_483_647;
