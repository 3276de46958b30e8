/**
 * One-time tickets that carry a sudo password from the chat loop (which asked the user for it)
 * to the built-in shell tool, without the password travelling through the MCP request. A ticket
 * is bound to the exact command the user approved, works once, and expires soon.
 */
import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';

/**
 * How long a ticket waits to be redeemed. The chat loop issues it right before it calls the tool,
 * so a minute is ample; a password should not sit in memory longer than its one use needs.
 */
export const DEFAULT_TICKET_TTL_MS = 60_000;

interface Entry {
  command: string;
  /** Held as bytes so it can be zeroed once used; a JS string cannot be wiped. */
  password: Buffer;
  expiresAt: number;
  timer: ReturnType<typeof setTimeout>;
}

/** Issues and redeems one-time sudo tickets; never reveals a password except through `redeem`. */
export class SudoTickets {
  readonly #entries = new Map<string, Entry>();

  /** Stores `password` for `command` and returns the ticket that redeems it once. */
  issue(command: string, password: string, ttlMs = DEFAULT_TICKET_TTL_MS): string {
    const ticket = randomBytes(24).toString('base64url');
    const timer = setTimeout(() => this.revoke(ticket), ttlMs);
    timer.unref?.();
    this.#entries.set(ticket, {
      command,
      password: Buffer.from(password, 'utf8'),
      expiresAt: Date.now() + ttlMs,
      timer,
    });
    return ticket;
  }

  /**
   * The password, only for the command the ticket was issued for, only once, only before expiry.
   * Any attempt burns the ticket, so a ticket presented with another command is gone for good.
   */
  redeem(ticket: string, command: string): string | undefined {
    const entry = this.#entries.get(ticket);
    if (entry === undefined) return undefined;
    const valid = entry.command === command && Date.now() < entry.expiresAt;
    const password = valid ? entry.password.toString('utf8') : undefined;
    this.revoke(ticket);
    return password;
  }

  /** Forgets a ticket and wipes its password; unknown tickets are ignored. */
  revoke(ticket: string): void {
    const entry = this.#entries.get(ticket);
    if (entry === undefined) return;
    clearTimeout(entry.timer);
    entry.password.fill(0);
    this.#entries.delete(ticket);
  }

  /** Forgets every ticket, e.g. when the window closes or the chat is stopped. */
  clear(): void {
    for (const ticket of [...this.#entries.keys()]) this.revoke(ticket);
  }

  /** How many tickets are waiting; for tests and diagnostics. */
  get size(): number {
    return this.#entries.size;
  }

  toString(): string {
    return `SudoTickets(${this.#entries.size} pending)`;
  }

  toJSON(): { pending: number } {
    return { pending: this.#entries.size };
  }

  [inspect.custom](): string {
    return this.toString();
  }
}
