import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_TICKET_TTL_MS,
  SudoTickets,
} from '../../../electron/core/builtin/sudo/sudoTickets';

const PASSWORD = 'correct horse battery staple';

describe('SudoTickets', () => {
  let tickets: SudoTickets;

  beforeEach(() => {
    tickets = new SudoTickets();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('returns the password for the command the ticket was issued for', () => {
    const ticket = tickets.issue('sudo apt update', PASSWORD);
    expect(tickets.redeem(ticket, 'sudo apt update')).toBe(PASSWORD);
  });

  it('issues a different, unguessable id each time', () => {
    const first = tickets.issue('sudo ls', PASSWORD);
    const second = tickets.issue('sudo ls', PASSWORD);
    expect(first).not.toBe(second);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(first).not.toContain(PASSWORD);
  });

  it('redeems a ticket only once', () => {
    const ticket = tickets.issue('sudo ls', PASSWORD);
    expect(tickets.redeem(ticket, 'sudo ls')).toBe(PASSWORD);
    expect(tickets.redeem(ticket, 'sudo ls')).toBeUndefined();
  });

  it('burns a ticket presented with another command', () => {
    const ticket = tickets.issue('sudo apt update', PASSWORD);
    expect(tickets.redeem(ticket, 'sudo rm -rf /')).toBeUndefined();
    expect(tickets.redeem(ticket, 'sudo apt update')).toBeUndefined();
    expect(tickets.size).toBe(0);
  });

  it('binds to the exact text, whitespace included', () => {
    const ticket = tickets.issue('sudo ls', PASSWORD);
    expect(tickets.redeem(ticket, 'sudo ls ')).toBeUndefined();
  });

  it('refuses a ticket after it expires, and forgets it', () => {
    vi.useFakeTimers();
    const ticket = tickets.issue('sudo ls', PASSWORD, 1_000);
    vi.advanceTimersByTime(999);
    expect(tickets.size).toBe(1);
    vi.advanceTimersByTime(1);
    expect(tickets.size).toBe(0);
    expect(tickets.redeem(ticket, 'sudo ls')).toBeUndefined();
  });

  it('refuses at expiry even if the clean-up timer has not run yet', () => {
    vi.useFakeTimers();
    const ticket = tickets.issue('sudo ls', PASSWORD, 1_000);
    vi.setSystemTime(Date.now() + 1_000);
    expect(tickets.redeem(ticket, 'sudo ls')).toBeUndefined();
  });

  it('keeps a ticket for the default lifetime', () => {
    vi.useFakeTimers();
    const ticket = tickets.issue('sudo ls', PASSWORD);
    vi.advanceTimersByTime(DEFAULT_TICKET_TTL_MS - 1);
    expect(tickets.redeem(ticket, 'sudo ls')).toBe(PASSWORD);
  });

  it('revokes one ticket, and clears all', () => {
    const first = tickets.issue('sudo a', PASSWORD);
    const second = tickets.issue('sudo b', PASSWORD);
    const third = tickets.issue('sudo c', PASSWORD);
    tickets.revoke(first);
    tickets.revoke('no-such-ticket');
    expect(tickets.redeem(first, 'sudo a')).toBeUndefined();
    expect(tickets.size).toBe(2);
    tickets.clear();
    expect(tickets.redeem(second, 'sudo b')).toBeUndefined();
    expect(tickets.redeem(third, 'sudo c')).toBeUndefined();
  });

  it('ignores unknown tickets', () => {
    expect(tickets.redeem('made-up', 'sudo ls')).toBeUndefined();
  });

  it('never shows a password or a command when printed or serialised', () => {
    tickets.issue('sudo apt update', PASSWORD);
    for (const shown of [
      String(tickets),
      JSON.stringify(tickets),
      inspect(tickets, { showHidden: true, depth: 10 }),
    ]) {
      expect(shown).not.toContain(PASSWORD);
      expect(shown).not.toContain('apt update');
    }
    expect(JSON.stringify({ tickets })).toBe('{"tickets":{"pending":1}}');
  });
});
