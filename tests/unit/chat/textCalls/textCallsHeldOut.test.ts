import { describe, expect, it } from 'vitest';
import { readTextCalls } from '../../../../electron/core/chat/textCalls';
import {
  HELD_OUT_CALLS as CALLS,
  HELD_OUT_PROSE as PROSE,
  HELD_OUT_TOOLS as TOOLS,
} from '../../../fixtures/textCalls/heldOut';

describe('held-out calls written as text', () => {
  it.each(CALLS.map((c) => [c.family, c.source, c] as const))('%s: %s', (_f, _s, heldOut) => {
    const got = readTextCalls(heldOut.content, TOOLS);
    expect(got?.calls).toEqual(heldOut.calls);
    expect(got?.content).toBe(heldOut.rest ?? '');
    expect(heldOut.content).toContain(got?.written);
  });

  it.each(PROSE.map((reply) => [reply.slice(0, 60), reply] as const))(
    'prose yields no call: %s',
    (_head, reply) => {
      expect(readTextCalls(reply, TOOLS)).toBeUndefined();
    },
  );

  it('holds enough cases', () => {
    expect(CALLS.length).toBeGreaterThanOrEqual(40);
    expect(PROSE.length).toBeGreaterThanOrEqual(20);
  });
});
