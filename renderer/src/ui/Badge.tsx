/** A small label: a capability, a server state, a count. */
import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'good' | 'busy' | 'bad' | 'info';

export function Badge({
  tone = 'neutral',
  children,
  title,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  title?: string;
}) {
  return (
    <span className={`badge badge-${tone}`} title={title}>
      {children}
    </span>
  );
}
