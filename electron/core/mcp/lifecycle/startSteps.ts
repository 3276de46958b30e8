/**
 * The steps of a start, before and around each attempt (startAttempt.ts): a command the user has
 * not approved does not start; each transport kind the config allows is tried in turn (SSE only
 * after Streamable HTTP answered "not here"); on each, the protocol era is chosen and corrected
 * by protocolEra.ts.
 */
import type { ServerConfig, ServerStatus } from '../../../../preload/schemas/servers';
import { transportKinds, type TransportKind } from '../transport/connectionTransport';
import { eraKey } from './eraVerdicts';
import { connectWithEra, type ConnectOutcome } from './protocolEra';
import { attemptStart, type AttemptHost } from './startAttempt';

/** Why a command waits for the user's approval before it starts; undefined when it may start. */
export function awaitingApproval(
  config: ServerConfig,
  consent: ServerStatus['consent'],
): string | undefined {
  if (config.transport.type !== 'stdio' || consent === 'approved') return undefined;
  return consent === 'changed'
    ? 'Its command changed since you approved it: review and approve it to start.'
    : 'Review and approve its command to start it.';
}

export type StartOutcome = 'ready' | 'superseded' | 'sign-in' | { message: string };

/** Tries each transport kind the config allows until one ends the start one way or another. */
export async function startOverKinds(host: AttemptHost): Promise<StartOutcome> {
  let failure = 'The server could not be started.';
  for (const kind of transportKinds(host.context.config().transport)) {
    const outcome = await startOnKind(kind, host);
    if (typeof outcome === 'string') return outcome;
    failure = outcome.message;
    // Only a server that answered HTTP with "not here" is worth a second try over SSE.
    if (!outcome.tryNextKind) break;
    host.context.log.add(
      'hearth',
      'info',
      `Streamable HTTP did not work (${outcome.message}); trying SSE.`,
    );
  }
  return { message: failure };
}

/** One transport kind, with the protocol era chosen (and corrected) by protocolEra.ts. */
function startOnKind(kind: TransportKind, host: AttemptHost): Promise<ConnectOutcome> {
  return connectWithEra({
    kind,
    eras: kind === 'in-process' ? undefined : host.context.eras,
    key: eraKey(host.context.config()),
    log: host.context.log,
    attempt: (prior) => attemptStart(kind, prior, host),
    isCurrent: () => host.isCurrent(),
  });
}
