/**
 * Which protocol era to connect a server with, and what to do when the choice was wrong. A server
 * is started with the era remembered from its last start, or probed (`server/discover`) when there
 * is none. A remembered era that no longer works is forgotten and the server probed again; a stdio
 * server that ended when probed (older SDKs exit on a request before `initialize`) is started
 * again with the 2025 handshake. The connection supplies one attempt; this decides which to make.
 */
import type { Client } from '@modelcontextprotocol/client';
import type { TransportKind } from '../transport/connectionTransport';
import type { EraVerdict, EraVerdicts } from './eraVerdicts';
import type { ServerLog } from '../fromServer/serverLog';

/** Why an attempt did not end ready, and whether trying the next transport kind is worth it. */
export interface AttemptFailure {
  message: string;
  tryNextKind: boolean;
  /** The server's process ended by itself (not stopped by Hearth). */
  ended?: boolean;
  /** It ended before it said which era it speaks: it did not take the probe. */
  endedWhileProbing?: boolean;
}

export type AttemptOutcome = 'ready' | 'superseded' | 'sign-in' | AttemptFailure;
export type ConnectOutcome =
  'ready' | 'superseded' | 'sign-in' | Pick<AttemptFailure, 'message' | 'tryNextKind'>;

export interface EraChoice {
  kind: TransportKind;
  /** The remembered eras; none for Hearth's own server, which is never probed. */
  eras: EraVerdicts | undefined;
  /** The server's key among them (eraKey of its config). */
  key: string;
  log: ServerLog;
  /** One start with this era known in advance, or a probe when undefined. */
  attempt(prior: EraVerdict | undefined): Promise<AttemptOutcome>;
  /** False once the connection moved on (stopped or restarted) meanwhile. */
  isCurrent(): boolean;
}

/** Starts the server with the right era, retrying once when the first choice was wrong. */
export async function connectWithEra(choice: EraChoice): Promise<ConnectOutcome> {
  const { eras, key, log } = choice;
  const remembered = eras?.get(key);
  const first = await choice.attempt(remembered);
  if (typeof first === 'string') return first;
  if (!choice.isCurrent()) return 'superseded';
  // A remembered era is doubted only when the server answered and refused; one that ended on
  // its own (a broken start) would end whatever it was asked.
  if (remembered && !first.ended) {
    eras?.forget(key);
    log.add(
      'hearth',
      'info',
      `Connecting with the protocol version remembered from its last start failed (${first.message}); asking the server again.`,
    );
    return retry(choice, undefined, first);
  }
  if (choice.kind === 'stdio' && first.endedWhileProbing) {
    log.add(
      'hearth',
      'info',
      'The server ended when asked which protocol versions it speaks (server/discover), as servers built for the 2025 protocol may; starting it again with the 2025 handshake.',
    );
    const second = await retry(choice, { kind: 'legacy' }, first);
    // It ends with the 2025 handshake too: it is not the probe. Later starts skip it, so a
    // server that cannot start is started once per try, not twice.
    if (typeof second !== 'string') eras?.set(key, { kind: 'legacy' });
    return second;
  }
  return first;
}

async function retry(
  choice: EraChoice,
  prior: EraVerdict | undefined,
  earlier: AttemptFailure,
): Promise<ConnectOutcome> {
  const second = await choice.attempt(prior);
  if (typeof second === 'string') return second;
  return { message: second.message, tryNextKind: earlier.tryNextKind && second.tryNextKind };
}

/** Keeps the era a ready server turned out to speak, so its next start needs no probe. */
export function rememberEra(client: Client, eras: EraVerdicts | undefined, key: string): void {
  if (!eras) return;
  const discover = client.getDiscoverResult();
  if (client.getProtocolEra() === 'modern' && discover) eras.set(key, { kind: 'modern', discover });
  else if (client.getProtocolEra() === 'legacy') eras.set(key, { kind: 'legacy' });
}
