/**
 * The runtime doctor's part on the OS sandbox: what it needs on this computer (on Linux
 * bubblewrap, socat, ripgrep and user namespaces), which of it was found, and the command that
 * gets the rest. Checked again whenever `round` changes (the panel's "Check again"). `brief`
 * where a server's notice beside it already says so and how to fix it: the list, not the words.
 */
import { useEffect, useState } from 'react';
import type { SandboxNeedsReport } from '../../../../preload/schemas/servers';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { InlineError } from '../../ui/InlineError';

export function SandboxNeeds({ round, brief = false }: { round: number; brief?: boolean }) {
  const api = useApi();
  const [report, setReport] = useState<SandboxNeedsReport>();
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    let live = true;
    api.runtimes.sandbox().then(
      (found) => {
        if (!live) return;
        setReport(found);
        setProblem(undefined);
      },
      (reason: unknown) => live && setProblem(messageOf(reason)),
    );
    return () => {
      live = false;
    };
  }, [api, round]);

  return (
    <section className="sandbox-needs" aria-labelledby="sandbox-needs-title">
      <h3 id="sandbox-needs-title">OS sandbox</h3>
      {report === undefined && !problem && <p className="muted">Checking…</p>}
      {report && (
        <>
          <p className={report.ok ? 'muted' : 'sandbox-needs-verdict'}>
            {brief && !report.ok
              ? 'Not ready: the server’s notice says what to do.'
              : verdict(report)}
          </p>
          {(report.tools.length > 0 || report.namespaces !== undefined) && (
            <ul className="runtime-list" aria-label="What the sandbox needs">
              {report.tools.map((tool) => (
                <li key={tool.command} className="runtime-item">
                  <span className="runtime-name">{tool.label}</span>
                  {tool.path ? (
                    <span className="muted runtime-where" title={tool.path}>
                      at {tool.path}
                    </span>
                  ) : (
                    <span className="runtime-missing">Not found</span>
                  )}
                </li>
              ))}
              {report.platform === 'linux' && (
                <li className="runtime-item">
                  <span className="runtime-name">User namespaces</span>
                  <span className={report.namespaces ? 'runtime-version' : 'runtime-missing'}>
                    {report.namespaces === undefined
                      ? 'Not checked (needs bubblewrap)'
                      : report.namespaces
                        ? 'Allowed'
                        : 'Not allowed'}
                  </span>
                </li>
              )}
            </ul>
          )}
          {!report.ok && report.advice && !brief && (
            <p className="sandbox-needs-advice">{report.advice}</p>
          )}
        </>
      )}
      <InlineError message={problem && `The sandbox could not be checked: ${problem}`} />
    </section>
  );
}

function verdict(report: SandboxNeedsReport): string {
  if (report.ok)
    return report.platform === 'darwin'
      ? 'Ready: servers meant for it run in macOS’s own sandbox (sandbox-exec).'
      : 'Ready: servers meant for it run in the sandbox.';
  return `The sandbox cannot run here. Missing: ${report.missing ?? 'something it needs'}. Servers meant for it start only when you agree to run them without it.`;
}
