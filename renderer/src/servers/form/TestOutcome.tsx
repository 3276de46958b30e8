/** What "Test connection" found: the server's tools when it came up, else its error and log. */
import type { InvokeResult } from '../../../../preload/contract';
import { formatLogEntry } from '../logFormat';

export type TrialReport = InvokeResult<'servers:test'>;

export function TestOutcome({ report }: { report: TrialReport }) {
  const { status, tools, log } = report;
  if (status.state === 'ready') {
    const info = status.serverInfo;
    return (
      <div className="notice test-outcome" role="status" aria-label="Test result">
        <div>
          <p>
            <strong>It works.</strong>{' '}
            {info ? `Connected to ${info.title ?? info.name} ${info.version}` : 'Connected'}
            {tools.length === 0
              ? '; it serves no tools.'
              : `; it serves ${tools.length} ${tools.length === 1 ? 'tool' : 'tools'}:`}
          </p>
          {tools.length > 0 && (
            <ul className="test-tools">
              {tools.map((tool) => (
                <li key={tool.name} title={tool.description}>
                  <code>{tool.name}</code>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="notice notice-error test-outcome" role="status" aria-label="Test result">
      <div>
        <p>
          <strong>It did not connect.</strong>{' '}
          {status.error ?? `The server ended up ${status.state}.`}
        </p>
        {log.length > 0 && (
          <pre className="code test-log" aria-label="Test log">
            {log.map(formatLogEntry).join('\n')}
          </pre>
        )}
      </div>
    </div>
  );
}
