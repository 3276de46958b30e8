/** A problem in words beside what it concerns, announced to screen readers; nothing without one. */
export function InlineError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="inline-error" role="alert">
      {message}
    </p>
  );
}
