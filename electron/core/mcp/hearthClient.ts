/**
 * The SDK Client Hearth connects each server with: what Hearth offers servers (roots, and, when
 * the host can ask the user, elicitation and sampling) and who answers each request.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  type ElicitRequest,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Sample } from './sampling';

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
}

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
    },
  );
  client.setRequestHandler(ListRootsRequestSchema, () => ({
    roots: services
      .roots()
      .map((path) => ({ uri: pathToFileURL(path).href, name: basename(path) || path })),
  }));
  if (sample) {
    // A server asks to use the model: the user approves (or edits, or rejects) first.
    client.setRequestHandler(CreateMessageRequestSchema, (request, extra) =>
      sample(services.server(), request.params, extra.signal),
    );
  }
  if (elicit) {
    // A server asks the user for information: the user answers in a dialog, or it is cancelled.
    client.setRequestHandler(ElicitRequestSchema, (request, extra) =>
      elicit(services.server(), request.params, extra.signal),
    );
  }
  return client;
}
