/**
 * How every call comes back across a process boundary, and why one failed. Apart from the
 * contract so the page's bridge can use it without loading the schemas.
 */

/** Machine-readable reasons a call failed; the message says it in words. */
export const errorCodes = [
  'E_UNKNOWN_CHANNEL',
  'E_INVALID_PAYLOAD',
  'E_FORBIDDEN_SENDER',
  'E_BAD_MESSAGE',
  'E_DISCONNECTED',
  'E_FAILED',
  'E_INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export interface BridgeErrorShape {
  message: string;
  code: ErrorCode;
}

/** How every call comes back across a process boundary: errors keep their code. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: BridgeErrorShape };
