/**
 * The SDK Client Hearth connects each server with: what Hearth answers when a server asks
 * (fromServer/serverRequests.ts: roots, and, when the host can ask the user, elicitation and
 * sampling). It speaks both protocol eras: 2026-07-28 servers are found with `server/discover`,
 * older ones get the 2025 `initialize` handshake. A 2026 server's `input_required` results (its
 * way of asking for input in the middle of a call) are answered by the same handlers, so the
 * user meets the same dialogs either way.
 */
import { Client, type VersionNegotiationMode } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import {
  answerServerRequests,
  requestCapabilities,
  type ServerRequests,
} from '../fromServer/serverRequests';
import { passingCutJson } from '../transport/structuredCut';

export interface ClientServices {
  version: string;
  /** The server's name in Hearth, for the questions shown to the user. */
  server(): string;
  /** The server's folders, read at each request so they are always current. */
  roots(): string[];
  /** What Hearth answers when the server asks; none of them when absent (roots aside). */
  requests?: ServerRequests;
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
  const requests = services.requests ?? {};
  const client = new Client(
    { name: 'hearth', title: 'Hearth', version: services.version },
    {
      capabilities: requestCapabilities(requests),
      versionNegotiation: {
        mode: services.negotiation ?? 'auto',
        ...(services.probeTimeoutMs ? { probe: { timeoutMs: services.probeTimeoutMs } } : {}),
      },
      inputRequired: { maxRounds: MAX_INPUT_ROUNDS },
      // Structured content too large to keep was cut as it arrived (structuredCut.ts).
      jsonSchemaValidator: passingCutJson(new AjvJsonSchemaValidator()),
    },
  );
  answerServerRequests(client, requests, { name: services.server, roots: services.roots });
  return client;
}
