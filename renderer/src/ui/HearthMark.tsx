/** The app's mark (the same drawing as build/icon.svg), inline so it follows the theme. */
export function HearthMark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="60" height="60" rx="14" fill="var(--mark-bg)" />
      <path
        d="M32 12c3 8 12 12 12 23a12 12 0 0 1-24 0c0-6 3-9 5-12 1 4 3 6 5 6-1-6 0-12 2-17z"
        fill="var(--mark-flame)"
      />
      <path d="M32 34c2 3 5 5 5 9a5 5 0 0 1-10 0c0-3 2-5 5-9z" fill="var(--mark-core)" />
      <rect x="16" y="50" width="32" height="4" rx="2" fill="var(--mark-flame)" />
    </svg>
  );
}
