/**
 * What a server may ask of the host, as one value. Each field answers one server-to-client
 * request; a field left out is a capability Hearth does not declare, so no server asks it.
 * createCore.ts builds it once and it travels unchanged, through the manager and each
 * connection, to the client (lifecycle/hearthClient.ts). `roots/list` is answered for every
 * server from its own folders, so it needs no field.
 *
 * A new request: its handler's type and a field here, one line in `requestCapabilities`, one
 * in `answerServerRequests`, and the handler given in createCore.ts.
 */
import type {
  Client,
  ClientCapabilities,
  CreateMessageRequest,
  CreateMessageResult,
  ElicitRequest,
  ElicitResult,
} from '@modelcontextprotocol/client';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';

/** `server` is the asking server's name in Hearth, for what the user is shown. */
export type Elicit = (
  server: string,
  params: ElicitRequest['params'],
  signal: AbortSignal,
) => Promise<ElicitResult>;

export type Sample = (
  server: string,
  params: CreateMessageRequest['params'],
  signal: AbortSignal,
) => Promise<CreateMessageResult>;

export interface ServerRequests {
  /** `elicitation/create`: the user answers a form or opens a page (elicitation.ts). */
  elicit?: Elicit;
  /** `sampling/createMessage`: the model answers, once the user approves (sampling.ts). */
  sample?: Sample;
}

/** The server asking: its name in Hearth and its folders, read at each request. */
export interface AskingServer {
  name(): string;
  roots(): string[];
}

/** What Hearth tells a server it answers. */
export function requestCapabilities(requests: ServerRequests): ClientCapabilities {
  return {
    roots: { listChanged: true },
    // applyDefaults: a field the user left untouched is answered with the server's default.
    ...(requests.elicit ? { elicitation: { form: { applyDefaults: true }, url: {} } } : {}),
    ...(requests.sample ? { sampling: {} } : {}),
  };
}

/** Gives the client a handler for each request `requestCapabilities` declared. */
export function answerServerRequests(
  client: Client,
  requests: ServerRequests,
  asking: AskingServer,
): void {
  const { elicit, sample } = requests;
  client.setRequestHandler('roots/list', () => ({
    roots: asking
      .roots()
      .map((path) => ({ uri: pathToFileURL(path).href, name: basename(path) || path })),
  }));
  if (sample) {
    // A server asks to use the model: the user approves (or edits, or rejects) first.
    client.setRequestHandler('sampling/createMessage', (request, context) =>
      sample(asking.name(), request.params, context.mcpReq.signal),
    );
  }
  if (elicit) {
    // A server asks the user for information: the user answers in a dialog, or it is cancelled.
    client.setRequestHandler('elicitation/create', (request, context) =>
      elicit(asking.name(), request.params, context.mcpReq.signal),
    );
  }
}
