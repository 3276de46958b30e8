/**
 * The tools one server serves, each with its switch, its approval policy and, for tools that take
 * a `command`, whether that is a shell command (so sudo in it goes through Hearth's own shell).
 */
import { useEffect, useId, useState } from 'react';
import type { CatalogTool, ToolApproval } from '../../../../preload/schemas/servers';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { Badge } from '../../ui/Badge';
import { Switch } from '../../ui/Switch';
import { sameServer } from '../useServers';
import { InlineError } from '../../ui/InlineError';
import { revealHidden } from '../../lib/revealHidden';

const POLICIES: { value: ToolApproval; label: string }[] = [
  { value: 'ask', label: 'Ask every time' },
  { value: 'allow', label: 'Always allow' },
  { value: 'deny', label: 'Never' },
];

/** Whether the tool's input has a `command` argument Hearth could treat as a shell command. */
export function takesCommand(tool: CatalogTool): boolean {
  const properties = tool.inputSchema.properties;
  return typeof properties === 'object' && properties !== null && 'command' in properties;
}

/** Hearth's own shell tool, or a tool the user marked as taking shell commands. */
function runsShell(tool: CatalogTool): boolean {
  return tool.shellCommand || (tool.server === 'hearth' && tool.tool === 'run_shell_command');
}

export function ToolsTable({ server, running }: { server: string; running: boolean }) {
  const api = useApi();
  const [tools, setTools] = useState<CatalogTool[]>();
  const [error, setError] = useState<string>();
  const titleId = useId();
  useEffect(() => {
    let live = true;
    const load = () =>
      api.tools.list().then(
        (list) => live && setTools(list),
        (reason: unknown) => live && setError(messageOf(reason)),
      );
    const stop = api.tools.onChanged(() => void load());
    void load();
    return () => {
      live = false;
      stop();
    };
  }, [api]);

  const configure = async (
    tool: CatalogTool,
    patch: { enabled?: boolean; approval?: ToolApproval; shellCommand?: boolean },
  ) => {
    try {
      setTools(await api.tools.configure(tool.server, tool.tool, patch));
      setError(undefined);
    } catch (reason) {
      setError(messageOf(reason));
    }
  };

  const own = tools?.filter((tool) => sameServer(tool.server, server)) ?? [];
  // The column shows only where a tool takes a command: a column of dashes tells nobody anything.
  const commandColumn = own.some(takesCommand);
  return (
    <section className="tools-section" aria-labelledby={titleId}>
      <h3 id={titleId}>Tools</h3>
      <InlineError message={error} />
      {tools === undefined ? (
        !error && <p className="muted">Loading tools…</p>
      ) : own.length === 0 ? (
        <p className="muted">
          {running ? 'This server serves no tools.' : 'Its tools show here while it runs.'}
        </p>
      ) : (
        <table className="tools-table" aria-label={`Tools of ${server}`}>
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">Description</th>
              <th scope="col">On</th>
              <th scope="col">Approval</th>
              {commandColumn && <th scope="col">Runs shell commands</th>}
            </tr>
          </thead>
          <tbody>
            {own.map((tool) => (
              <tr key={tool.tool}>
                <th scope="row">
                  <code>{revealHidden(tool.tool)}</code>
                  {tool.title && <div className="muted">{revealHidden(tool.title)}</div>}
                  {tool.warnings && tool.warnings.length > 0 && (
                    <div className="tool-warning" role="note">
                      <strong>This tool’s description speaks to the model.</strong>
                      <ul>
                        {tool.warnings.map((warning) => (
                          <li key={warning}>{warning}</li>
                        ))}
                      </ul>
                      {tool.enabled && (
                        <button
                          type="button"
                          className="button danger"
                          onClick={() => void configure(tool, { enabled: false })}
                        >
                          Switch {tool.tool} off
                        </button>
                      )}
                    </div>
                  )}
                  {tool.approvalStale && (
                    <Badge
                      tone="bad"
                      title="The server now serves a different definition than the one you allowed; Hearth asks again."
                    >
                      changed since approved
                    </Badge>
                  )}
                </th>
                <td data-label="Description">
                  {/* Clamped inside the cell: a clamped cell itself stops being a table cell. */}
                  <div className="tool-description" title={revealHidden(tool.description ?? '')}>
                    {revealHidden(tool.description ?? '')}
                  </div>
                </td>
                <td data-label="On">
                  <Switch
                    label={`Enable ${tool.tool}`}
                    checked={tool.enabled}
                    onChange={(enabled) => void configure(tool, { enabled })}
                  />
                </td>
                <td data-label="Approval">
                  <select
                    className="input"
                    aria-label={`Approval for ${tool.tool}`}
                    value={tool.approval}
                    onChange={(event) =>
                      void configure(tool, { approval: event.target.value as ToolApproval })
                    }
                  >
                    {POLICIES.map((policy) => (
                      <option
                        key={policy.value}
                        value={policy.value}
                        // A shell tool is allowed command by command (Settings), never whole.
                        disabled={policy.value === 'allow' && runsShell(tool)}
                      >
                        {policy.value === 'allow' && runsShell(tool)
                          ? 'Always allow (not for shell commands)'
                          : policy.label}
                      </option>
                    ))}
                  </select>
                </td>
                {commandColumn && (
                  <td data-label="Runs shell commands">
                    {takesCommand(tool) ? (
                      <Switch
                        label={`Shell command for ${tool.tool}`}
                        checked={tool.shellCommand}
                        onChange={(shellCommand) => void configure(tool, { shellCommand })}
                      />
                    ) : (
                      <span className="muted">No command argument</span>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
