/** A server's state at a glance, for the list and the detail pane. */
import type { ServerStatus } from '../../../../preload/schemas/servers';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { needsApproval } from '../serverLabels';

const STATES: Record<ServerStatus['state'], { label: string; tone: BadgeTone }> = {
  ready: { label: 'Ready', tone: 'good' },
  starting: { label: 'Starting', tone: 'busy' },
  restarting: { label: 'Restarting', tone: 'busy' },
  error: { label: 'Error', tone: 'bad' },
  stopped: { label: 'Stopped', tone: 'neutral' },
};

/** The server's state at a glance; approval comes first, as nothing runs without it. */
export function StatusBadge({ status, enabled }: { status: ServerStatus; enabled: boolean }) {
  if (needsApproval(status)) return <Badge tone="info">Needs approval</Badge>;
  if (!enabled && status.state === 'stopped') return <Badge>Off</Badge>;
  if (status.signIn === 'waiting') return <Badge tone="busy">Signing in</Badge>;
  if (status.signIn === 'required' && status.state !== 'ready')
    return <Badge tone="info">Needs sign-in</Badge>;
  // Ready, but it stopped answering pings.
  if (status.state === 'ready' && status.error)
    return (
      <Badge tone="bad" title={status.error}>
        Not answering
      </Badge>
    );
  // A first npx or uvx start still fetching its package.
  if (status.download)
    return (
      <Badge tone="busy" title={`Downloading ${status.download.package}`}>
        Downloading
      </Badge>
    );
  const { label, tone } = STATES[status.state];
  return (
    <Badge tone={tone} title={status.error}>
      {label}
    </Badge>
  );
}
