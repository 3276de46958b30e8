/**
 * The runtime doctor: which of the programs servers are usually started with (Node.js for npx,
 * uv for uvx, Python, Docker) Hearth finds, where (the login shell's PATH, as servers get it) and
 * in which version, with the official instructions for what is missing; and what the OS sandbox
 * needs here.
 */
import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { runtimeReportSchema } from '../../../../preload/schemas/servers';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { openLink } from '../../lib/links';
import { InlineError } from '../../ui/InlineError';
import { SandboxNeeds } from './SandboxNeeds';

type RuntimeReport = z.output<typeof runtimeReportSchema>;

/**
 * `sandboxNoticeShown`: the chosen server's page already says the sandbox cannot run, with what
 * to install and the choices; the sandbox's part here then lists what it found and no more.
 */
export function RuntimesPanel({ sandboxNoticeShown = false }: { sandboxNoticeShown?: boolean }) {
  const api = useApi();
  const [reports, setReports] = useState<RuntimeReport[]>();
  const [problem, setProblem] = useState<string>();
  const [checking, setChecking] = useState(false);
  // Bumped by "Check again", so the sandbox's needs are checked again too.
  const [round, setRound] = useState(0);

  const check = useCallback(async () => {
    setChecking(true);
    setProblem(undefined);
    setRound((value) => value + 1);
    try {
      setReports(await api.runtimes.check());
    } catch (reason) {
      setProblem(messageOf(reason));
    } finally {
      setChecking(false);
    }
  }, [api]);

  useEffect(() => {
    let live = true;
    api.runtimes.check().then(
      (found) => live && setReports(found),
      (reason: unknown) => live && setProblem(messageOf(reason)),
    );
    return () => {
      live = false;
    };
  }, [api]);

  return (
    <section className="runtimes" aria-labelledby="runtimes-title">
      <h2 id="runtimes-title">Runtimes</h2>
      <p className="muted">What servers are started with, found as they would find it.</p>
      {reports === undefined && !problem && <p className="muted">Checking…</p>}
      {reports && (
        <ul className="runtime-list" aria-label="Runtimes">
          {reports.map((report) => {
            const found = report.commands.filter((command) => command.path);
            return (
              <li key={report.id} className="runtime-item">
                <span className="runtime-name">{report.label}</span>
                {found.length > 0 ? (
                  <>
                    <span className="runtime-version">{report.version ?? report.problem}</span>
                    <span className="muted runtime-where" title={found[0]?.path}>
                      {found.map((command) => command.name).join(', ')} at {found[0]?.path}
                    </span>
                  </>
                ) : (
                  <>
                    <span className="runtime-missing">Not found</span>
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => void openLink(api, report.install).then(setProblem)}
                    >
                      How to install {report.label}
                    </button>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <InlineError message={problem} />
      <SandboxNeeds round={round} brief={sandboxNoticeShown} />
      <button
        type="button"
        className="button small"
        disabled={checking}
        onClick={() => void check()}
      >
        {checking ? 'Checking…' : 'Check again'}
      </button>
    </section>
  );
}
