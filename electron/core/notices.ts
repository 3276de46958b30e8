/**
 * Things main needs to tell the user outside any request: a settings file set aside, a link
 * refused during navigation. Kept in a short list so a window that opens later still sees them.
 */
import { MAX_TEXT_LENGTH, type Notice } from '../../preload/contract';
import type { EventHub } from './bridge/events';
import type { Logger } from './logger';

/** Enough for everything a session could reasonably need to show; older ones drop off. */
export const MAX_NOTICES = 50;

export interface Notices {
  add(level: Notice['level'], message: string, opens?: Notice['opens']): Notice;
  list(): Notice[];
  /** True when a notice with that id was still there. */
  dismiss(id: number): boolean;
}

export function createNotices(events: EventHub, now: () => Date = () => new Date()): Notices {
  let nextId = 1;
  let notices: Notice[] = [];
  return {
    add(level, message, opens) {
      const text = message.slice(0, MAX_TEXT_LENGTH);
      const notice: Notice = {
        id: nextId++,
        level,
        message: text,
        at: now().toISOString(),
        ...(opens ? { opens } : {}),
      };
      notices = [...notices, notice].slice(-MAX_NOTICES);
      events.emit('notices:added', notice);
      return notice;
    },
    list: () => notices,
    dismiss(id) {
      const before = notices.length;
      notices = notices.filter((notice) => notice.id !== id);
      return notices.length < before;
    },
  };
}

/** A problem Hearth goes on despite (a file set aside, a folder it may not write): logged and shown. */
export function problemReporter(logger: Logger, notices: Notices): (message: string) => void {
  return (message) => {
    logger.warn(message);
    notices.add('warning', message);
  };
}
