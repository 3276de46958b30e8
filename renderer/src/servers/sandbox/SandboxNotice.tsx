/**
 * A stdio server's OS sandbox on its page: a badge of how it runs; where the sandbox cannot run,
 * what is missing, how to get it, and the choice to run without it (once or always); what the
 * sandbox blocked, each with "Allow this folder" or "Allow this host"; the switch that lets calls
 * this sandbox makes harmless run without asking; and for a server the user
 * typed or imported, a one-click "Run sandboxed".
 */
import { useState } from 'react';
import { whatIsMissing } from '../../../../preload/sandboxWords';
import type {
  SandboxPolicy,
  ServerConfig,
  ServerEntry,
  ServerStatus,
} from '../../../../preload/schemas/servers';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { CopyButton } from '../../ui/CopyButton';
import { InlineError } from '../../ui/InlineError';
import { HarmlessCallsSwitch } from './HarmlessCallsSwitch';
import { installCommand } from './installCommand';
import './sandbox.css';

/** The policy "Run sandboxed" gives: the defaults (electron/core/sandbox/policy.ts) and nothing more. */
const DEFAULT_POLICY: SandboxPolicy = {
  enabled: true,
  denyRead: [],
  allowWrite: [],
  allowRead: [],
  allowHosts: [],
  allowAllWrites: false,
  unsandboxedWhenUnavailable: false,
};

/** The badge's colour class (styles.css) for each state. */
const TONE: Record<NonNullable<ServerStatus['sandbox']>['state'], string> = {
  on: 'badge-good',
  off: 'badge-info',
  unsandboxed: 'badge-bad',
  unavailable: 'badge-bad',
  docker: 'badge-info',
};

const BADGE: Record<NonNullable<ServerStatus['sandbox']>['state'], string> = {
  on: 'Sandboxed',
  off: 'Not sandboxed',
  unsandboxed: 'Running without its sandbox',
  unavailable: 'Sandbox missing',
  docker: 'Isolated by Docker',
};

export function SandboxNotice({
  config,
  status,
  onStatus,
  onEntry,
}: {
  config: ServerConfig;
  status: ServerStatus;
  onStatus(status: ServerStatus): void;
  onEntry?(entry: ServerEntry): void;
}) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (config.transport.type !== 'stdio') return null;
  const policy = config.transport.sandbox;
  const sandbox = status.sandbox;

  const act = async (action: () => Promise<void>) => {
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
  const failure = <InlineError message={error} />;

  if (!policy?.enabled) {
    return (
      <div className="sandbox-row" role="group" aria-label="Sandbox">
        <span className="muted">
          Runs with your full rights: it can read your files, write anywhere you can and reach any
          host.
        </span>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() =>
            void act(async () => {
              const { transport } = config;
              if (transport.type !== 'stdio') return;
              const entry = await api.servers.save(
                { ...config, transport: { ...transport, sandbox: DEFAULT_POLICY } },
                config.name,
              );
              onEntry?.(entry);
              onStatus(entry.status);
            })
          }
        >
          Run sandboxed
        </button>
        <span className="field-hint">
          It then reads nothing of your keys and passwords, writes only in its own folder, temp and
          its folders, and reaches no host unless you allow it; you approve the change.
        </span>
        {failure}
      </div>
    );
  }

  const allow = (line: string) =>
    act(async () => {
      const entry = await api.servers.allowBlocked(config.name, line);
      onEntry?.(entry);
      onStatus(entry.status);
    });
  const unsandboxed = (always: boolean) =>
    act(async () => onStatus(await api.servers.runUnsandboxed(config.name, always)));

  return (
    <div className="sandbox-notice">
      {sandbox && (
        <p className="sandbox-badge-row">
          <span className={`badge ${TONE[sandbox.state]}`}>{BADGE[sandbox.state]}</span>
          {sandbox.blocked.length > 0 && (
            <span className="badge badge-busy">{sandbox.blocked.length} blocked</span>
          )}
        </p>
      )}
      {/* Where the sandbox cannot run, the notice below says so, once: no switch to grey out. */}
      {sandbox?.state !== 'unavailable' && (
        <HarmlessCallsSwitch server={config.name} status={status} />
      )}
      {sandbox?.state === 'unavailable' && (
        <div
          className="notice notice-warning sandbox-notice"
          role="region"
          aria-label="Sandbox cannot run"
        >
          <p>
            This server is meant to run in the sandbox, which cannot run on this computer:{' '}
            {whatIsMissing(sandbox.missing ?? '')}.
          </p>
          {sandbox.advice && <InstallAdvice advice={sandbox.advice} />}
          <p>Install it and start the server again, or run it without the sandbox.</p>
          <div className="sandbox-actions">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void unsandboxed(false)}
            >
              Run without the sandbox once
            </button>
            <button
              type="button"
              className="button danger"
              disabled={busy}
              onClick={() => void unsandboxed(true)}
            >
              Always run it without the sandbox here
            </button>
          </div>
        </div>
      )}
      {sandbox && sandbox.blocked.length > 0 && (
        <div className="notice sandbox-notice" role="region" aria-label="Blocked by the sandbox">
          <p>The sandbox stopped this server from:</p>
          <ul className="sandbox-blocked">
            {sandbox.blocked.map((line) => (
              <li key={line}>
                <code>{line.replace(/^blocked: /, '')}</code>{' '}
                <button
                  type="button"
                  className="button small"
                  disabled={busy}
                  onClick={() => void allow(line)}
                >
                  {line.startsWith('blocked: connection') ? 'Allow this host' : 'Allow this folder'}
                </button>
              </li>
            ))}
          </ul>
          <p className="field-hint">Allowing adds it to the server’s sandbox and restarts it.</p>
        </div>
      )}
      {failure}
    </div>
  );
}

/** What to install, wrapped within the notice (never a block that scrolls sideways), with Copy. */
function InstallAdvice({ advice }: { advice: string }) {
  const command = installCommand(advice);
  return (
    <div className="sandbox-advice">
      <code>{advice}</code>
      {command && <CopyButton text={command} label="Copy the command" />}
    </div>
  );
}
