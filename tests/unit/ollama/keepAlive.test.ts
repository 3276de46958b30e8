import { describe, expect, it } from 'vitest';
import { ollamaSettingsSchema } from '../../../preload/contract';
import { keepAliveSchema } from '../../../preload/schemas/keepAlive';
import { decodeKeepAlive } from '../../fixtures/fakeOllama/keepAlive';

// keep_alive as Ollama reads it (api.Duration.UnmarshalJSON, ollama/ollama api/types.go).
describe('the keep-alive setting', () => {
  it.each([
    ['-1', -1],
    ['300', 300],
    [' 0 ', 0],
    ['1.5', 1.5],
    [-1, -1],
    ['5m', '5m'],
    ['1h30m', '1h30m'],
    ['90s', '90s'],
    ['-1m', '-1m'],
    ['250ms', '250ms'],
    ['.5h', '.5h'],
  ])('reads %o as %o, which Ollama accepts', (typed, kept) => {
    const parsed = keepAliveSchema.parse(typed);
    expect(parsed).toEqual(kept);
    expect(decodeKeepAlive(parsed)).toMatchObject({ ok: true });
  });

  it.each(['5 m', '5min', '1d', 'forever', '', 'm', '1h30', '99999999999h'])(
    'refuses %o with words, as Ollama would refuse it',
    (typed) => {
      const parsed = keepAliveSchema.safeParse(typed);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/^[A-Z].*\.$/);
    },
  );

  it('migrates a stored "-1" (what Hearth used to save) to the number -1, and keeps "5m"', () => {
    expect(ollamaSettingsSchema.parse({ keepAlive: '-1' }).keepAlive).toBe(-1);
    expect(ollamaSettingsSchema.parse({ keepAlive: '0' }).keepAlive).toBe(0);
    expect(ollamaSettingsSchema.parse({ keepAlive: '5m' }).keepAlive).toBe('5m');
    expect(ollamaSettingsSchema.parse({}).keepAlive).toBe('5m');
  });
});

describe('the fake’s keep_alive decoding (time.ParseDuration)', () => {
  it.each([
    ['-1', 'time: missing unit in duration "-1"'],
    ['5 m', 'time: unknown unit " m" in duration "5 m"'],
    ['', 'time: invalid duration ""'],
    ['forever', 'time: invalid duration "forever"'],
  ])('refuses the string %o with Go’s own error', (value, error) => {
    expect(decodeKeepAlive(value)).toEqual({ ok: false, error });
  });

  it('reads numbers as seconds, negative as forever, and refuses other JSON types', () => {
    expect(decodeKeepAlive(300)).toEqual({ ok: true, nanos: 300e9 });
    expect(decodeKeepAlive(-1)).toEqual({ ok: true, nanos: Infinity });
    expect(decodeKeepAlive('-5m')).toEqual({ ok: true, nanos: Infinity });
    expect(decodeKeepAlive('1h30m')).toEqual({ ok: true, nanos: 5400e9 });
    expect(decodeKeepAlive(true)).toEqual({ ok: false, error: "Unsupported type: 'bool'" });
  });
});
