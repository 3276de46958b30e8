/**
 * The one door into the main process. Every call from either host (Electron IPC or the browser
 * host's WebSocket) passes `dispatch`, which checks the channel, the sending frame and the payload
 * against the contract before any service sees it, and turns every failure into an Outcome with a
 * clear message. Services never see IPC objects; they get parsed arguments.
 */
import type { z } from 'zod';
import {
  invokeChannels,
  isInvokeChannel,
  type InvokeChannel,
  type InvokeResult,
  type Outcome,
  type ParsedInvokeArgs,
} from '../../../preload/contract';
import type { Logger } from '../logger';
import { UserFacingError } from './errors';

/** One handler per contract channel; a missing or extra one is a compile error. */
export type Handlers = {
  [C in InvokeChannel]: (
    ...args: ParsedInvokeArgs<C>
  ) => InvokeResult<C> | Promise<InvokeResult<C>>;
};

/** Who sent a call: the URL of the frame (Electron) or the page origin (browser host). */
export interface Sender {
  url: string;
}

export interface Router {
  /** Never rejects: every failure comes back as `{ ok: false, error }`. */
  dispatch(channel: unknown, args: unknown, sender: Sender): Promise<Outcome<unknown>>;
}

export interface RouterOptions {
  handlers: Handlers;
  /** True only for frames showing the app's own pages. */
  isTrustedSender(sender: Sender): boolean;
  logger: Logger;
}

/** What the page says for a failure no service put into words (a bug in Hearth to fix). */
export const INTERNAL_FAILURE =
  'Something went wrong inside Hearth, so this was not done. Try again; the log has the details.';

/** Builds the router that both hosts register their transport against. */
export function createRouter(options: RouterOptions): Router {
  const { handlers, isTrustedSender, logger } = options;
  return {
    async dispatch(channel, args, sender) {
      if (!isInvokeChannel(channel)) {
        const name = typeof channel === 'string' ? `"${channel.slice(0, 100)}"` : 'a non-string';
        return failure('E_UNKNOWN_CHANNEL', `There is no channel named ${name}.`);
      }
      if (!isTrustedSender(sender)) {
        logger.warn(
          `Refused ${channel} from a frame that is not the app's own`,
          sender.url.slice(0, 200),
        );
        return failure(
          'E_FORBIDDEN_SENDER',
          `${channel} was refused: the request did not come from Hearth's own page.`,
        );
      }
      const arity = checkArity(invokeChannels[channel].args, args);
      if (arity) return failure('E_INVALID_PAYLOAD', `${channel} was refused: ${arity}.`);
      const parsed = invokeChannels[channel].args.safeParse(args);
      if (!parsed.success) {
        return failure(
          'E_INVALID_PAYLOAD',
          `${channel} was refused: ${describePayloadIssues(parsed.error)}.`,
        );
      }
      try {
        const handler = handlers[channel] as (...values: unknown[]) => unknown;
        const value = await handler(...(parsed.data as unknown[]));
        const checked = invokeChannels[channel].result.safeParse(value);
        if (!checked.success) {
          logger.error(`${channel} produced a reply outside the contract`, checked.error.issues);
          return failure('E_INTERNAL', INTERNAL_FAILURE);
        }
        return { ok: true, value: checked.data };
      } catch (error) {
        if (error instanceof UserFacingError) return failure(error.code, error.message);
        // The page gets words; the channel and the exception's own text go to the log only.
        logger.error(`${channel} failed`, error);
        return failure('E_INTERNAL', INTERNAL_FAILURE);
      }
    },
  };
}

function failure(code: Extract<Outcome<never>, { ok: false }>['error']['code'], message: string) {
  return { ok: false as const, error: { code, message } };
}

/** Says how many arguments a channel takes when the count is wrong; zod's wording is vaguer. */
function checkArity(schema: z.ZodTuple, args: unknown): string | undefined {
  if (!Array.isArray(args)) return 'the arguments must be a list';
  const items = schema.def.items as z.ZodType[];
  const required = items.filter((item) => !item.safeParse(undefined).success).length;
  if (args.length >= required && args.length <= items.length) return undefined;
  const expected = required === items.length ? `${items.length}` : `${required} to ${items.length}`;
  return `it takes ${expected} argument${items.length === 1 ? '' : 's'}, not ${args.length}`;
}

/** "argument 1, field theme: Invalid option ..." for each issue, positions counted from one. */
export function describePayloadIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const [position, ...fields] = issue.path;
      const field = (path: PropertyKey[]) => `field ${path.map(String).join('.')}`;
      let where = '';
      if (typeof position === 'number') {
        where = `argument ${position + 1}${fields.length ? `, ${field(fields)}` : ''}: `;
      } else if (position !== undefined) {
        where = `${field(issue.path)}: `;
      }
      return `${where}${issue.message}`;
    })
    .join('; ');
}
