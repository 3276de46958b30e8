/**
 * One registry entry in full: what it is, its version and status, where its source is, and each
 * way to install it (a package or a remote), with why Hearth cannot when it cannot. Installing
 * opens the form; a local server's command is then shown for approval as for any server.
 */
import { useEffect, useId, useState } from 'react';
import type {
  InstallOption,
  RegistryServer,
  RegistrySummary,
} from '../../../../preload/schemas/registry';
import type { InvokeResult } from '../../../../preload/contract';
import type { ServerEntry, ServerStatus } from '../../../../preload/schemas/servers';
import { useApi } from '../../lib/apiContext';
import { revealHidden } from '../../lib/revealHidden';
import { messageOf } from '../../lib/hooks';
import { openLink } from '../../lib/links';
import { Badge } from '../../ui/Badge';
import { InlineError } from '../../ui/InlineError';
import { LaunchReviewDialog } from '../review/LaunchReviewDialog';
import { needsApproval } from '../serverLabels';
import { useBundleOpener } from '../bundles/BundleOpener';
import { InstallDialog } from './InstallDialog';
import { KIND_LABELS, RUNTIME_LABELS } from './kindLabels';

export interface RegistryDetailProps {
  summary: RegistrySummary;
  takenNames: readonly string[];
  /** Back to the results (in a narrow window, where they share the space). */
  onBack(): void;
  onInstalled(entry: ServerEntry): void;
}

export function RegistryDetail({ summary, takenNames, onBack, onInstalled }: RegistryDetailProps) {
  const api = useApi();
  const [attempt, setAttempt] = useState(0);
  // Each answer is kept with the attempt it answers: "Try again" shows "Reading…" until it is in.
  const [loaded, setLoaded] = useState<{
    attempt: number;
    server?: RegistryServer;
    error?: string;
  }>();
  const [installing, setInstalling] = useState<InstallOption>();
  const [installed, setInstalled] = useState<ServerEntry>();
  const [linkProblem, setLinkProblem] = useState<string>();
  const titleId = useId();
  const runtimes = useRuntimes();
  const bundles = useBundleOpener();
  const [downloading, setDownloading] = useState<string>();
  const [bundleProblem, setBundleProblem] = useState<string>();

  // A bundle is downloaded and staged by main, then the bundle install dialog takes over.
  const installBundle = async (entry: RegistryServer, option: InstallOption) => {
    setDownloading(option.id);
    setBundleProblem(undefined);
    try {
      const staged = await api.registry.stageBundle({
        name: entry.name,
        version: entry.version,
        option: option.id,
      });
      bundles.openStaged(
        staged.stagedId,
        staged.expectedSha256 ? { expectedSha256: staged.expectedSha256 } : {},
      );
    } catch (reason) {
      setBundleProblem(messageOf(reason));
    } finally {
      setDownloading(undefined);
    }
  };

  useEffect(() => {
    let live = true;
    api.registry.server(summary.name, summary.version).then(
      (value) => live && setLoaded({ attempt, server: value }),
      (reason: unknown) => live && setLoaded({ attempt, error: messageOf(reason) }),
    );
    return () => {
      live = false;
    };
  }, [api, summary.name, summary.version, attempt]);

  const server = loaded?.attempt === attempt ? loaded.server : undefined;
  const error = loaded?.attempt === attempt ? loaded.error : undefined;
  const shown = server ?? summary;
  const finish = (entry: ServerEntry, status?: ServerStatus) =>
    onInstalled(status ? { ...entry, status } : entry);

  return (
    <section className="registry-detail" aria-labelledby={titleId}>
      <button type="button" className="button small browse-back" onClick={onBack}>
        Back to the results
      </button>
      <header className="server-detail-header">
        <h2 id={titleId}>{revealHidden(shown.title ?? shown.name)}</h2>
        <Badge>{shown.version}</Badge>
        {shown.status === 'deprecated' && <Badge tone="busy">Deprecated</Badge>}
        {shown.status === 'deleted' && <Badge tone="bad">Withdrawn</Badge>}
      </header>
      <p className="muted registry-name">
        <code>{revealHidden(shown.name)}</code>
      </p>
      {shown.statusMessage && (
        <div className="notice notice-warning" role="note">
          <p>{revealHidden(shown.statusMessage)}</p>
        </div>
      )}
      <p className="registry-description">{revealHidden(shown.description)}</p>
      {server && (server.repositoryUrl || server.websiteUrl) && (
        <ul className="links registry-links" aria-label="Links">
          {server.repositoryUrl && (
            <li>
              <button
                type="button"
                className="link-button"
                onClick={() => void openLink(api, server.repositoryUrl ?? '').then(setLinkProblem)}
              >
                Source repository
              </button>
            </li>
          )}
          {server.websiteUrl && (
            <li>
              <button
                type="button"
                className="link-button"
                onClick={() => void openLink(api, server.websiteUrl ?? '').then(setLinkProblem)}
              >
                Website
              </button>
            </li>
          )}
        </ul>
      )}
      <InlineError message={linkProblem} />
      {error && (
        <div className="browse-problem">
          <InlineError message={error} />
          <button type="button" className="button small" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      {!server && !error && <p className="muted">Reading its entry…</p>}
      {server && (
        <>
          <h3>Ways to install it</h3>
          {server.options.length === 0 ? (
            <p className="muted">
              Its entry lists no package or remote to install; its website may say how.
            </p>
          ) : (
            <ul className="install-options" aria-label="Ways to install it">
              {server.options.map((option) => (
                <OptionItem
                  key={option.id}
                  option={option}
                  runtimes={runtimes}
                  downloading={downloading === option.id}
                  onInstall={() =>
                    option.kind === 'mcpb'
                      ? void installBundle(server, option)
                      : setInstalling(option)
                  }
                  onLink={(url) => void openLink(api, url).then(setLinkProblem)}
                />
              ))}
            </ul>
          )}
        </>
      )}
      <InlineError message={bundleProblem} />
      {server && installing && (
        <InstallDialog
          server={server}
          option={installing}
          takenNames={takenNames}
          onCancel={() => setInstalling(undefined)}
          onInstalled={(entry) => {
            setInstalling(undefined);
            if (needsApproval(entry.status)) setInstalled(entry);
            else finish(entry);
          }}
        />
      )}
      {installed && (
        <LaunchReviewDialog
          name={installed.config.name}
          onApproved={(status) => finish(installed, status)}
          onCancel={() => finish(installed)}
        />
      )}
    </section>
  );
}

type RuntimeReport = InvokeResult<'runtimes:check'>[number];

/** The runtimes found on this computer, for saying whether an option's runtime is there. */
function useRuntimes(): RuntimeReport[] | undefined {
  const api = useApi();
  const [reports, setReports] = useState<RuntimeReport[]>();
  useEffect(() => {
    let live = true;
    api.runtimes.check().then(
      (found) => live && setReports(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  return reports;
}

function OptionItem({
  option,
  runtimes,
  downloading,
  onInstall,
  onLink,
}: {
  option: InstallOption;
  runtimes: RuntimeReport[] | undefined;
  downloading: boolean;
  onInstall(): void;
  onLink(url: string): void;
}) {
  const labelId = useId();
  const report = runtimes?.find((candidate) => candidate.id === option.runtime);
  const found = report?.commands.some((command) => command.path);
  return (
    <li className="install-option">
      <div className="install-option-head">
        <Badge tone={option.available ? 'info' : 'neutral'}>{KIND_LABELS[option.kind]}</Badge>
        <span id={labelId} className="install-option-label">
          {revealHidden(option.label)}
        </span>
        {option.available && (
          <button
            type="button"
            className="button primary small"
            aria-describedby={labelId}
            disabled={downloading}
            onClick={onInstall}
          >
            {option.kind !== 'mcpb' ? 'Install…' : downloading ? 'Downloading…' : 'Install bundle…'}
          </button>
        )}
      </div>
      {option.preview && <pre className="code install-preview">{revealHidden(option.preview)}</pre>}
      {option.runtime && option.available && report && found && (
        <p className="field-hint">
          Runs with {RUNTIME_LABELS[option.runtime]}
          {report.version
            ? `, ${report.version} found on this computer.`
            : report.problem
              ? `, found on this computer. ${report.problem}`
              : ', found on this computer.'}
        </p>
      )}
      {option.runtime && option.available && report && !found && (
        <div className="notice notice-warning install-runtime">
          <p>
            It needs {RUNTIME_LABELS[option.runtime]}, which Hearth does not find on this computer.
            It will not start until {report.label} is installed.
          </p>
          <button type="button" className="link-button" onClick={() => onLink(report.install)}>
            How to install {report.label}
          </button>
        </div>
      )}
      {!option.available && option.reason && (
        <p className="muted install-reason">{revealHidden(option.reason)}</p>
      )}
    </li>
  );
}
