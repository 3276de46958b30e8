/**
 * One server: its switch, start/stop/restart, its error in words, what it said about itself, the
 * approval it waits for, its tools and its log. Keyed by server name, so nothing leaks between.
 */
import { useId, useState } from 'react';
import type { ServerEntry, ServerStatus } from '../../../../preload/schemas/servers';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { Badge } from '../../ui/Badge';
import { Dialog } from '../../ui/Dialog';
import { Switch } from '../../ui/Switch';
import { LaunchReviewDialog } from '../review/LaunchReviewDialog';
import { LogPane } from './LogPane';
import { displayName, isBuiltin, needsApproval, transportLabel } from '../serverLabels';
import { PromptsSection } from './PromptsSection';
import { ResourcesTab } from './ResourcesTab';
import { RootsWarning } from './RootsWarning';
import { SandboxNotice } from '../sandbox/SandboxNotice';
import { DownloadNotice } from './DownloadNotice';
import { SignInNotice } from './SignInNotice';
import { StatusBadge } from '../list/StatusBadge';
import { ToolsTable } from './ToolsTable';
import { InlineError } from '../../ui/InlineError';
import { revealHidden } from '../../lib/revealHidden';

export interface ServerDetailProps {
  entry: ServerEntry;
  onStatus(status: ServerStatus): void;
  onEnabled(enabled: boolean): void;
  onEdit(): void;
  onDuplicate(): void;
  onDeleted(): void;
}

type Control = 'start' | 'stop' | 'restart';

export function ServerDetail(props: ServerDetailProps) {
  const { entry, onStatus, onEnabled, onEdit, onDuplicate, onDeleted } = props;
  const { config, status } = entry;
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [reviewing, setReviewing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const builtin = isBuiltin(config);
  const name = displayName(config);
  const titleId = useId();

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (reason) {
      setError(messageOf(reason));
    } finally {
      setBusy(false);
    }
  };
  const control = (which: Control) =>
    run(async () => onStatus(await api.servers[which](config.name)));
  const setEnabled = (enabled: boolean) =>
    run(async () => {
      const next = await api.servers.setEnabled(config.name, enabled);
      onEnabled(enabled);
      onStatus(next);
      // Switched on but waiting for consent: the review is the next step, so it opens.
      if (enabled && needsApproval(next)) setReviewing(true);
    });
  const remove = () =>
    run(async () => {
      await api.servers.delete(config.name);
      setConfirmingDelete(false);
      onDeleted();
    });

  const active = status.state !== 'stopped';
  return (
    <section className="server-detail" aria-labelledby={titleId}>
      <header className="server-detail-header">
        <h2 id={titleId}>{name}</h2>
        <StatusBadge status={status} enabled={config.enabled} />
        <span className="spacer" />
        <Switch
          label={`Enable ${name}`}
          checked={config.enabled}
          onChange={(enabled) => void setEnabled(enabled)}
          disabled={busy}
        />
      </header>
      <p className="muted">
        {transportLabel(config)}
        {builtin && ': shell commands, files and system information, served by Hearth itself.'}
      </p>
      {config.registryEntry && (
        <p className="muted server-registry-entry">
          Listed in the registry as <code>{revealHidden(config.registryEntry.name)}</code>, version{' '}
          {revealHidden(config.registryEntry.version)}.
        </p>
      )}
      <LaunchSummary config={config} />
      {config.roots.length > 0 && <RootsWarning roots={config.roots} />}
      {needsApproval(status) && (
        <div className="notice notice-warning" role="region" aria-label="Approval needed">
          <p>
            {status.consent === 'changed'
              ? 'What this server runs changed since you approved it. It will not start until you approve it again.'
              : 'Hearth will not start this server until you approve the command it runs.'}
          </p>
          <button type="button" className="button primary" onClick={() => setReviewing(true)}>
            Review and approve
          </button>
        </div>
      )}
      <SignInNotice server={config.name} status={status} onStatus={onStatus} />
      <DownloadNotice status={status} />
      <SandboxNotice config={config} status={status} onStatus={onStatus} />
      <div className="server-controls">
        <button
          type="button"
          className="button"
          disabled={
            busy ||
            (status.state !== 'stopped' && status.state !== 'error') ||
            needsApproval(status)
          }
          title={needsApproval(status) ? 'Approve its command first.' : undefined}
          onClick={() => void control('start')}
        >
          Start
        </button>
        <button
          type="button"
          className="button"
          disabled={busy || !active}
          onClick={() => void control('stop')}
        >
          Stop
        </button>
        <button
          type="button"
          className="button"
          disabled={busy || !active}
          onClick={() => void control('restart')}
        >
          Restart
        </button>
        {!builtin && (
          <>
            <span className="spacer" />
            <button type="button" className="button" onClick={onEdit}>
              Edit
            </button>
            <button type="button" className="button" onClick={onDuplicate}>
              Duplicate
            </button>
            <button
              type="button"
              className="button danger"
              onClick={() => setConfirmingDelete(true)}
            >
              Delete
            </button>
          </>
        )}
      </div>
      {/* One message: the action's failure, else the server's own error (often the same words);
          where the sandbox cannot run, the sandbox's notice above says it, with the choices. */}
      <InlineError
        message={error ?? (status.sandbox?.state === 'unavailable' ? undefined : status.error)}
      />
      <ServerInfo status={status} />
      <ToolsTable server={config.name} running={status.state === 'ready'} />
      <PromptsSection server={config.name} status={status} />
      <ResourcesTab server={config.name} status={status} />
      <h3>Log</h3>
      <LogPane server={config.name} />
      {reviewing && (
        <LaunchReviewDialog
          name={config.name}
          onCancel={() => setReviewing(false)}
          onApproved={(next) => {
            setReviewing(false);
            // Approving starts the server, switching it on if it was off.
            onEnabled(true);
            onStatus(next);
          }}
        />
      )}
      {confirmingDelete && (
        <Dialog
          open
          tone="danger"
          title={`Delete “${config.name}”?`}
          onCancel={() => setConfirmingDelete(false)}
          actions={
            <>
              <button type="button" className="button" onClick={() => setConfirmingDelete(false)}>
                Cancel
              </button>
              <button
                type="button"
                className="button danger"
                disabled={busy}
                onClick={() => void remove()}
              >
                Delete
              </button>
            </>
          }
        >
          <p>Hearth stops the server and forgets its settings, stored secrets and approvals.</p>
          {config.transport.type === 'stdio' && (
            <p>
              If it ran in the sandbox, its own folder goes too: the packages it downloaded and its
              caches. Files it wrote there for you, such as a memory server’s store, are first moved
              to Hearth › kept › {config.name} in your home folder, and Hearth’s log lists them.
            </p>
          )}
          <InlineError message={error} />
        </Dialog>
      )}
    </section>
  );
}

/** What the server runs, or where it is: the command line, or the URL. */
function LaunchSummary({ config }: { config: ServerEntry['config'] }) {
  const { transport } = config;
  if (transport.type === 'builtin') return null;
  return (
    <dl className="facts server-launch" aria-label="How Hearth reaches it">
      {transport.type === 'stdio' ? (
        <>
          <dt>Command</dt>
          <dd>
            <code className="server-command">
              {revealHidden([transport.command, ...transport.args].map(shellWord).join(' '))}
            </code>
          </dd>
          {transport.cwd && (
            <>
              <dt>Folder</dt>
              <dd>
                <code>{revealHidden(transport.cwd)}</code>
              </dd>
            </>
          )}
        </>
      ) : (
        <>
          <dt>URL</dt>
          <dd>
            <code className="server-command">{revealHidden(transport.url)}</code>
          </dd>
        </>
      )}
    </dl>
  );
}

/** A word as a shell reads it back: as it is when plain, else in single quotes. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** How the protocol version was found, said after it. */
const PROTOCOL_SOURCE: Record<NonNullable<ServerStatus['protocolSource']>, string> = {
  probed: 'agreed with the server when it started',
  remembered: 'remembered from an earlier start',
  'built-in': 'Hearth’s own server',
};

const CAPABILITIES = ['tools', 'resources', 'prompts', 'logging', 'completions'] as const;

/** What the server said about itself when it connected. */
function ServerInfo({ status }: { status: ServerStatus }) {
  const { serverInfo, protocolVersion, capabilities } = status;
  if (!serverInfo) {
    return <p className="muted">The server tells its name and version once it has started.</p>;
  }
  return (
    <dl className="facts server-info" aria-label="Server information">
      {/* Its own words, which may differ from the name in Hearth and from a registry's listing. */}
      <dt>The server calls itself</dt>
      <dd>{serverInfo.title ? `${serverInfo.title} (${serverInfo.name})` : serverInfo.name}</dd>
      <dt>Its own version</dt>
      <dd>{serverInfo.version}</dd>
      {protocolVersion && (
        <>
          <dt>Protocol version</dt>
          <dd>
            {protocolVersion}
            {status.protocolSource && (
              <span className="muted"> · {PROTOCOL_SOURCE[status.protocolSource]}</span>
            )}
          </dd>
        </>
      )}
      {capabilities && (
        <>
          <dt>Capabilities</dt>
          <dd className="badges">
            {CAPABILITIES.filter((capability) => capabilities[capability]).map((capability) => (
              <Badge key={capability}>{capability}</Badge>
            ))}
          </dd>
        </>
      )}
      {status.transport && (
        <>
          <dt>Connected over</dt>
          <dd>{status.transport}</dd>
        </>
      )}
      {status.pid !== undefined && (
        <>
          <dt>Process id</dt>
          <dd>{status.pid}</dd>
        </>
      )}
    </dl>
  );
}
