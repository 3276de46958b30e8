/**
 * Calls written as text (electron/core/chat/textCalls). `tools.text_calls.recall` is the share of
 * the replay set (tests/fixtures/textCalls/replays.ts: upstream parser fixtures and outputs quoted
 * in public issues) read as exactly the expected calls; `tools.text_calls.false` is how many of
 * the prose set (tests/fixtures/textCalls/prose.ts, replies with JSON, code and example calls)
 * are read as a call at all, which must stay 0. `tools.text_calls.read_us` is reading one replay;
 * `tools.text_calls.prose_us` is what a plain reply without markers costs the turn.
 */
import { isDeepStrictEqual } from 'node:util';
import { performance } from 'node:perf_hooks';
import { readTextCalls } from '../electron/core/chat/textCalls';
import { PROSE_REPLIES } from '../tests/fixtures/textCalls/prose';
import { NOT_OFFERED, REPLAYS, REPLAY_TOOLS } from '../tests/fixtures/textCalls/replays';
import { distribution, round, type Figure } from './figures';

const PLAIN_REPLY =
  'Paris is mild today: 18°C, light rain in the afternoon and a breeze from the west. '.repeat(20);

export async function run(): Promise<Figure[]> {
  const read = REPLAYS.filter((replay) =>
    isDeepStrictEqual(readTextCalls(replay.content, REPLAY_TOOLS)?.calls, replay.calls),
  ).length;
  const falseCalls = [...PROSE_REPLIES, ...NOT_OFFERED.map((replay) => replay.content)].filter(
    (reply) => readTextCalls(reply, REPLAY_TOOLS) !== undefined,
  ).length;
  return [
    { name: 'tools.text_calls.recall', value: round(read / REPLAYS.length), unit: 'share' },
    { name: 'tools.text_calls.false', value: falseCalls, unit: 'replies' },
    ...distribution('tools.text_calls.read_us', timed(REPLAYS.map((r) => r.content)), 'µs'),
    ...distribution('tools.text_calls.prose_us', timed([PLAIN_REPLY]), 'µs'),
  ];
}

/** Microseconds per reading, over every text many times (after a warm-up). */
function timed(texts: string[]): number[] {
  const samples: number[] = [];
  for (let round = 0; round < 60; round++)
    for (const text of texts) {
      const started = performance.now();
      readTextCalls(text, REPLAY_TOOLS);
      if (round >= 10) samples.push((performance.now() - started) * 1000);
    }
  return samples;
}
