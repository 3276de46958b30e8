/**
 * An update in the bundle dialog: what it changes (author, signer, version, command, what it
 * asks for), and, when nothing proves the same maker (both unsigned, the same author's name),
 * the user's answer to whether it updates the installed server or installs as a separate one.
 */
import { useId } from 'react';
import type { BundlePreview } from '../../../../preload/schemas/bundles';

type Installed = NonNullable<BundlePreview['installed']>;

export function BundleChanges({ changes }: { changes: Installed['changes'] }) {
  if (changes.length === 0) return null;
  return (
    <>
      <h3>What changes</h3>
      <dl className="bundle-changes">
        {changes.map((change) => (
          <div key={change.what} className="bundle-change">
            <dt>{change.what}</dt>
            <dd>
              <span className="bundle-change-before">
                <span className="visually-hidden">Was: </span>
                {change.before}
              </span>
              <span aria-hidden="true"> → </span>
              <span className="bundle-change-after">
                <span className="visually-hidden">Now: </span>
                {change.after}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** `true`: update the installed server; `false`: a separate server; undefined: not answered yet. */
export function UpdateChoice({
  serverName,
  value,
  missing,
  onChange,
}: {
  serverName: string;
  value: boolean | undefined;
  missing: boolean;
  onChange(asUpdate: boolean): void;
}) {
  const errorId = useId();
  return (
    <fieldset
      className="field plain bundle-update-choice"
      aria-invalid={missing || undefined}
      aria-describedby={missing ? errorId : undefined}
    >
      <legend>Is this an update of “{serverName}”?</legend>
      {missing && (
        <p className="field-error" id={errorId} role="alert">
          Say whether it updates “{serverName}” or installs as a separate server.
        </p>
      )}
      <label className="choice">
        <input
          type="radio"
          name="bundle-update-choice"
          checked={value === true}
          onChange={() => onChange(true)}
        />
        <span>
          Yes, update “{serverName}”: it keeps your settings and secrets, and you approve what it
          runs again.
        </span>
      </label>
      <label className="choice">
        <input
          type="radio"
          name="bundle-update-choice"
          checked={value === false}
          onChange={() => onChange(false)}
        />
        <span>No, install it as a separate server, with none of “{serverName}”’s settings.</span>
      </label>
    </fieldset>
  );
}
