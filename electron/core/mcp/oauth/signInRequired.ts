/** The one OAuth outcome that is not a failure but a question for the user. */
export class SignInRequiredError extends Error {
  constructor(server: string) {
    super(`“${server}” asks you to sign in. Choose Sign in to open the sign-in page.`);
    this.name = 'SignInRequiredError';
  }
}

/** True for a SignInRequiredError, also when the SDK wrapped it as the cause of another error. */
export function isSignInRequired(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof SignInRequiredError) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
