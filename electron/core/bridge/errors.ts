/**
 * Errors a service may throw to tell the user something specific. The router passes their
 * message and code to the renderer; any other error is logged in full and reported plainly.
 */
import type { ErrorCode } from '../../../preload/contract';

export class UserFacingError extends Error {
  readonly code: ErrorCode;
  constructor(message: string, code: ErrorCode = 'E_FAILED') {
    super(message);
    this.name = 'UserFacingError';
    this.code = code;
  }
}
