import { settingsWith } from '../../support/settings';
import { settingsSchema } from '../../../preload/contract';
import { describe, expect, it } from 'vitest';
import {
  MAX_TEXT_LENGTH,
  noticeSchema,
  type EventChannel,
  type Settings,
} from '../../../preload/contract';
import { createEventHub } from '../../../electron/core/bridge/events';
import { createLogger } from '../../../electron/core/logger';
import { createNotices, MAX_NOTICES } from '../../../electron/core/notices';

const NOW = new Date('2024-05-06T07:08:09.010Z');

function setup() {
  const logLines: string[] = [];
  const logger = createLogger({ sinks: [(line) => logLines.push(line)] });
  const events = createEventHub(logger);
  const delivered: Array<{ channel: EventChannel; payload: unknown }> = [];
  events.addSink((channel, payload) => delivered.push({ channel, payload }));
  return { events, delivered, logLines };
}

describe('createNotices', () => {
  it('says where a notice is answered when it has such a place, and only then', () => {
    const { events } = setup();
    const notices = createNotices(events, () => NOW);
    const keyring = notices.add('warning', 'No system keyring was found.', 'settings');
    expect(noticeSchema.parse(keyring).opens).toBe('settings');
    expect(notices.add('info', 'A link was refused.')).not.toHaveProperty('opens');
  });

  it('emits notices:added with a contract-valid payload and returns the notice', () => {
    const { events, delivered } = setup();
    const notices = createNotices(events, () => NOW);
    const notice = notices.add('warning', 'Settings file was set aside.');
    expect(notice).toEqual({
      id: 1,
      level: 'warning',
      message: 'Settings file was set aside.',
      at: '2024-05-06T07:08:09.010Z',
    });
    expect(delivered).toEqual([{ channel: 'notices:added', payload: notice }]);
    expect(noticeSchema.safeParse(delivered[0]?.payload).success).toBe(true);
  });

  it('gives each notice a new id and lists them oldest first', () => {
    const notices = createNotices(setup().events, () => NOW);
    notices.add('info', 'a');
    notices.add('error', 'b');
    expect(notices.list().map((n) => [n.id, n.message])).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
  });

  it('keeps only the last MAX_NOTICES notices', () => {
    const { events, delivered } = setup();
    const notices = createNotices(events, () => NOW);
    for (let i = 1; i <= MAX_NOTICES + 5; i++) notices.add('info', `notice ${i}`);
    const list = notices.list();
    expect(list).toHaveLength(MAX_NOTICES);
    expect(list[0]?.id).toBe(6);
    expect(list.at(-1)?.message).toBe(`notice ${MAX_NOTICES + 5}`);
    expect(delivered).toHaveLength(MAX_NOTICES + 5);
  });

  it('dismisses a notice once, then reports it gone', () => {
    const notices = createNotices(setup().events, () => NOW);
    const first = notices.add('info', 'a');
    const second = notices.add('info', 'b');
    expect(notices.dismiss(first.id)).toBe(true);
    expect(notices.dismiss(first.id)).toBe(false);
    expect(notices.dismiss(999)).toBe(false);
    expect(notices.list()).toEqual([second]);
  });

  it('cuts very long messages to MAX_TEXT_LENGTH so the event stays inside the contract', () => {
    const { events, delivered, logLines } = setup();
    const notices = createNotices(events, () => NOW);
    const notice = notices.add('error', 'x'.repeat(MAX_TEXT_LENGTH * 2));
    expect(notice.message).toBe('x'.repeat(MAX_TEXT_LENGTH));
    expect(delivered).toHaveLength(1);
    expect(logLines).toEqual([]);
  });
});

describe('createEventHub', () => {
  it('drops and logs a payload outside the contract instead of delivering it', () => {
    const { events, delivered, logLines } = setup();
    events.emit('settings:changed', { theme: 'blue' } as unknown as Settings);
    expect(delivered).toEqual([]);
    expect(logLines).toHaveLength(1);
    expect(logLines[0]).toMatch(/ERROR .*Dropped a settings:changed event outside the contract/);
    expect(logLines[0]).toContain('theme');
  });

  it('drops a payload with a key the contract does not describe', () => {
    const { events, delivered } = setup();
    events.emit('settings:changed', { theme: 'dark', extra: 1 } as unknown as Settings);
    expect(delivered).toEqual([]);
  });

  it('delivers the parsed payload, with contract defaults applied', () => {
    const { events, delivered } = setup();
    events.emit('settings:changed', {} as Settings);
    expect(delivered).toEqual([
      { channel: 'settings:changed', payload: settingsWith({ theme: 'system' }) },
    ]);
  });

  it('keeps delivering to other sinks when one throws, and logs the failure', () => {
    const { events, delivered, logLines } = setup();
    const later: unknown[] = [];
    events.addSink(() => {
      throw new Error('window closed');
    });
    events.addSink((_channel, payload) => later.push(payload));
    events.emit('settings:changed', settingsSchema.parse({ theme: 'dark' }));
    expect(delivered).toHaveLength(1);
    expect(later).toEqual([settingsSchema.parse({ theme: 'dark' })]);
    expect(
      logLines.some((line) => /WARN .*could not be delivered.*window closed/s.test(line)),
    ).toBe(true);
  });

  it('stops delivering to a sink once it is removed', () => {
    const { events } = setup();
    const received: unknown[] = [];
    const remove = events.addSink((_channel, payload) => received.push(payload));
    events.emit('settings:changed', settingsSchema.parse({ theme: 'light' }));
    remove();
    events.emit('settings:changed', settingsSchema.parse({ theme: 'dark' }));
    expect(received).toEqual([settingsSchema.parse({ theme: 'light' })]);
  });

  it('works with a logger that has no sinks', () => {
    const events = createEventHub(createLogger({ sinks: [] }));
    const notices = createNotices(events);
    expect(() =>
      events.emit('settings:changed', { theme: 'x' } as unknown as Settings),
    ).not.toThrow();
    expect(noticeSchema.safeParse(notices.add('info', 'hello')).success).toBe(true);
  });
});
