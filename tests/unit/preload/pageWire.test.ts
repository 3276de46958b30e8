import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serverMessageSchema } from '../../../preload/pageWire';
import { errorCodes } from '../../../preload/outcome';

// The page checks what the host sends with zod/mini, to keep zod's full build out of its first
// script. It must accept and refuse exactly what the full build's schema does.
const fullBuildSchema = z.union([
  z.strictObject({
    type: z.literal('result'),
    id: z.int().nonnegative().nullable(),
    ok: z.literal(true),
    value: z.unknown(),
  }),
  z.strictObject({
    type: z.literal('result'),
    id: z.int().nonnegative().nullable(),
    ok: z.literal(false),
    error: z.strictObject({ message: z.string(), code: z.enum(errorCodes) }),
  }),
  z.strictObject({ type: z.literal('event'), channel: z.string(), payload: z.unknown() }),
]);

const error = { message: 'No.', code: 'E_FAILED' };
const MESSAGES: [string, unknown][] = [
  ['a result', { type: 'result', id: 1, ok: true, value: { theme: 'dark' } }],
  ['a result of null', { type: 'result', id: 0, ok: true, value: null }],
  ['a result with no value', { type: 'result', id: 1, ok: true }],
  ['a result with no id', { type: 'result', ok: true, value: 1 }],
  ['a result to no id', { type: 'result', id: null, ok: true, value: 1 }],
  ['a negative id', { type: 'result', id: -1, ok: true, value: 1 }],
  ['minus zero as id', { type: 'result', id: -0, ok: true, value: 1 }],
  ['a fractional id', { type: 'result', id: 1.5, ok: true, value: 1 }],
  ['an id past safe integers', { type: 'result', id: 2 ** 53, ok: true, value: 1 }],
  ['an id as text', { type: 'result', id: '1', ok: true, value: 1 }],
  ['ok as text', { type: 'result', id: 1, ok: 'true', value: 1 }],
  ['an extra field', { type: 'result', id: 1, ok: true, value: 1, extra: 1 }],
  [
    '__proto__ as a field',
    JSON.parse('{"type":"result","id":1,"ok":true,"value":1,"__proto__":{}}'),
  ],
  ['a failure', { type: 'result', id: 2, ok: false, error }],
  ['a failure to no id', { type: 'result', id: null, ok: false, error }],
  ['a failure with a value', { type: 'result', id: 2, ok: false, error, value: 1 }],
  ['a success with an error', { type: 'result', id: 2, ok: true, error }],
  ['an unknown error code', { type: 'result', id: 2, ok: false, error: { ...error, code: 'E_X' } }],
  ['an error with more', { type: 'result', id: 2, ok: false, error: { ...error, stack: 's' } }],
  ['an error with no message', { type: 'result', id: 2, ok: false, error: { code: 'E_FAILED' } }],
  ['an error as text', { type: 'result', id: 2, ok: false, error: 'No.' }],
  ['an event', { type: 'event', channel: 'settings:changed', payload: { theme: 'dark' } }],
  ['an event with no payload', { type: 'event', channel: 'tools:changed' }],
  ['an event with no channel', { type: 'event', payload: 1 }],
  ['an event with an id', { type: 'event', id: 1, channel: 'c', payload: 1 }],
  ['a channel as a number', { type: 'event', channel: 1, payload: 1 }],
  ['an invoke message', { type: 'invoke', id: 1, channel: 'settings:get', args: [] }],
  ['no type', { id: 1, ok: true, value: 1 }],
  ['an array', [{ type: 'result', id: 1, ok: true, value: 1 }]],
  ['null', null],
  ['a number', 1],
  ['text', 'result'],
];

describe('the page’s check of messages from the host', () => {
  it.each(MESSAGES)('decides on %s as zod’s full build does', (_name, message) => {
    const page = serverMessageSchema.safeParse(message);
    const full = fullBuildSchema.safeParse(message);
    expect(page.success).toBe(full.success);
    if (page.success && full.success) expect(page.data).toEqual(full.data);
  });

  it('passes results, failures and events through, and refuses the rest', () => {
    const accepted = MESSAGES.filter(
      ([, message]) => serverMessageSchema.safeParse(message).success,
    );
    expect(accepted.map(([name]) => name)).toEqual([
      'a result',
      'a result of null',
      'a result to no id',
      'minus zero as id',
      'a failure',
      'a failure to no id',
      'an event',
    ]);
  });
});
