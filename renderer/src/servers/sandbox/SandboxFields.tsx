/**
 * The OS sandbox policy in the server form: on or off, and on top of the defaults (the secret
 * places hidden; its own folder, its own temp and its roots writable; what npx or uvx needs) three lists:
 * more places it may not read, more folders it may write, hosts it may reach. "Allow all writes"
 * is an explicit, warned choice. A changed policy is approved again before the server starts.
 */
import { useState } from 'react';
import type { SandboxPolicy } from '../../../../preload/schemas/servers';
import { ArgumentList } from '../form/ArgumentList';
import { nextRowId, type ArgumentItem } from '../form/formModel';

const DEFAULT_POLICY: SandboxPolicy = {
  enabled: true,
  denyRead: [],
  allowWrite: [],
  allowRead: [],
  allowHosts: [],
  allowAllWrites: false,
  unsandboxedWhenUnavailable: false,
};

type ListKey = 'denyRead' | 'allowWrite' | 'allowHosts';

export function SandboxFields({
  sandbox,
  onChange,
  errorFor,
}: {
  sandbox: SandboxPolicy | undefined;
  onChange(sandbox: SandboxPolicy | undefined): void;
  /** The form's message for a field, by its path in the config. */
  errorFor(key: string): string | undefined;
}) {
  const policy = sandbox ?? { ...DEFAULT_POLICY, enabled: false };
  // Rows keep their ids while edited, so focus stays in the field being typed in.
  const [rows, setRows] = useState<Record<ListKey, ArgumentItem[]>>(() => ({
    denyRead: policy.denyRead.map((value) => ({ id: nextRowId(), value })),
    allowWrite: policy.allowWrite.map((value) => ({ id: nextRowId(), value })),
    allowHosts: policy.allowHosts.map((value) => ({ id: nextRowId(), value })),
  }));
  const setList = (key: ListKey, items: ArgumentItem[]) => {
    setRows((current) => ({ ...current, [key]: items }));
    onChange({ ...policy, [key]: items.map((item) => item.value) });
  };
  return (
    <fieldset className="field plain sandbox-fields">
      <legend>Sandbox</legend>
      <label className="choice">
        <input
          type="checkbox"
          checked={policy.enabled}
          onChange={(event) =>
            onChange(
              event.target.checked
                ? { ...policy, enabled: true }
                : sandbox
                  ? { ...policy, enabled: false }
                  : undefined,
            )
          }
        />
        Run it in the OS sandbox
      </label>
      <p className="field-hint">
        In the sandbox it cannot read your keys, passwords, browser profiles or Hearth’s data; it
        writes only in its own folder, a temp folder of its own and the folders below, never what
        other programs run from there (git hooks, shell start-up files, editor tasks); and it
        reaches no host you have not listed (besides npm’s or PyPI’s registry for npx and uvx).
      </p>
      {policy.enabled && (
        <>
          <h4>Also hide from it</h4>
          <ArgumentList
            noun="hidden place"
            items={rows.denyRead}
            onChange={(items) => setList('denyRead', items)}
            errorAt={(index) => errorFor(`transport.sandbox.denyRead.${index}`)}
          />
          <h4>Also let it write in</h4>
          <ArgumentList
            noun="writable folder"
            items={rows.allowWrite}
            onChange={(items) => setList('allowWrite', items)}
            errorAt={(index) => errorFor(`transport.sandbox.allowWrite.${index}`)}
          />
          <h4>Hosts it may reach</h4>
          <ArgumentList
            noun="host"
            items={rows.allowHosts}
            onChange={(items) => setList('allowHosts', items)}
            errorAt={(index) => errorFor(`transport.sandbox.allowHosts.${index}`)}
          />
          <p className="field-hint">
            A name such as api.example.com, *.example.com for its subdomains, :443 for one port.
            There is no “every host”: the sandbox refuses it by design, so a server that needs the
            whole internet runs without the sandbox.
          </p>
          <label className="choice">
            <input
              type="checkbox"
              checked={policy.allowAllWrites}
              onChange={(event) => onChange({ ...policy, allowAllWrites: event.target.checked })}
            />
            Allow it to write anywhere you can
          </label>
          {policy.allowAllWrites && (
            <p className="field-hint" role="note">
              It can then change or delete any of your files, and plant programs that run later
              outside the sandbox. Allow only a server you trust.
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}
