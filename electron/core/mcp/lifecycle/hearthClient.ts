/**
 * The SDK Client Hearth connects each server with: what Hearth offers servers (roots, and, when
 * the host can ask the user, elicitation and sampling) and who answers each request. It speaks
 * both protocol eras: 2026-07-28 servers are found with `server/discover`, older ones get the
 * 2025 `initialize` handshake. A 2026 server's `input_required` results (its way of asking for
 * input in the middle of a call) are answered by the same handlers, so the user meets the same
 * dialogs either way.
 */
import {
  Client,
  type ElicitRequest,
  type ElicitResult,
  type VersionNegotiationMode,
} from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Sample } from '../fromServer/sampling';
import { passingCutJson } from '../transport/structuredCut';

export type Elicit = (
  server: string,
  params: ElicitRequest['params'],
  signal: AbortSignal,
) => Promise<ElicitResult>;

export interface ClientServices {
  version: string;
  /** The server's name in Hearth, for the questions shown to the user. */
  server(): string;
  /** The server's folders, read at each request so they are always current. */
  roots(): string[];
  elicit?: Elicit;
  sample?: Sample;
  /** `auto` probes the era; `legacy` for servers known to speak only the 2025 handshake. */
  negotiation?: VersionNegotiationMode;
  /**
   * How long a server may take to answer `server/discover`. On a pipe, silence means a server
   * built for 2025 (some ignore requests before `initialize`), so a short wait; over HTTP it
   * means an outage, and the connect time limit applies.
   */
  probeTimeoutMs?: number;
}

/** How long a local server may stay silent when asked for its era before it is taken as 2025. */
export const STDIO_PROBE_TIMEOUT_MS = 8_000;

/** Rounds of questions one call may need before it is given up (a server asking forever). */
export const MAX_INPUT_ROUNDS = 8;

export function createHearthClient(services: ClientServices): Client {
  const { elicit, sample } = services;
  const client = new Client(
    { name: 'hearth', title: 'Hearth', version: services.version },
    {
      capabilities: {
        roots: { listChanged: true },
        // applyDefaults: a field the user left untouched is answered with the server's default.
        ...(elicit ? { elicitation: { form: { applyDefaults: true }, url: {} } } : {}),
        ...(sample ? { sampling: {} } : {}),
      },
      versionNegotiation: {
        mode: services.negotiation ?? 'auto',
        ...(services.probeTimeoutMs ? { probe: { timeoutMs: services.probeTimeoutMs } } : {}),
      },
      inputRequired: { maxRounds: MAX_INPUT_ROUNDS },
      // Structured content too large to keep was cut as it arrived (structuredCut.ts).
      jsonSchemaValidator: passingCutJson(new AjvJsonSchemaValidator()),
    },
  );
  client.setRequestHandler('roots/list', () => ({
    roots: services
      .roots()
      .map((path) => ({ uri: pathToFileURL(path).href, name: basename(path) || path })),
  }));
  if (sample) {
    // A server asks to use the model: the user approves (or edits, or rejects) first.
    client.setRequestHandler('sampling/createMessage', (request, context) =>
      sample(services.server(), request.params, context.mcpReq.signal),
    );
  }
  if (elicit) {
    // A server asks the user for information: the user answers in a dialog, or it is cancelled.
    client.setRequestHandler('elicitation/create', (request, context) =>
      elicit(services.server(), request.params, context.mcpReq.signal),
    );
  }
  return client;
}
