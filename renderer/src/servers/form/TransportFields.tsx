/** The fields of each transport: a local command (stdio) or a remote server (HTTP). */
import { useId, useState } from 'react';
import { unencryptedHost } from '../../../../preload/schemas/clearText';
import { useApi } from '../../lib/apiContext';
import { useDesktopHost } from '../../lib/hooks';
import { ArgumentList } from './ArgumentList';
import { splitCommandLine } from './commandLine';
import { CodeTextField, Field } from './Field';
import { nextRowId, type HttpProtocol, type TransportFieldsProps } from './formModel';
import { NamedValueRows } from './NamedValueRows';
import { OAuthFields } from './OAuthFields';

/** Command, arguments, environment and working folder. */
export function StdioFields({ draft, edit, touch, errorFor }: TransportFieldsProps) {
  const [splitNote, setSplitNote] = useState<string>();
  const line = splitCommandLine(draft.command);
  // A whole command line becomes the program and its arguments when the user leaves the field.
  const splitOnLeave = () => {
    touch('command')();
    if (line.kind !== 'split') return;
    const added = line.args.map((value) => ({ id: nextRowId(), value }));
    edit('command', { command: line.command, args: [...added, ...draft.args] });
    setSplitNote(
      `Split into the command ${line.command} and ${line.args.length} argument${line.args.length === 1 ? '' : 's'} (${line.args.join(' ')}), added to Arguments below.`,
    );
  };
  const preview =
    line.kind === 'split'
      ? `Runs ${line.command} with the arguments ${line.args.map((arg) => `“${arg}”`).join(', ')}; split when you leave this field.`
      : line.kind === 'problem'
        ? line.message
        : splitNote;
  return (
    <>
      <CodeTextField
        label="Command"
        error={errorFor('transport.command')}
        hint="The program that starts the server, such as npx, uvx or a full path."
        value={draft.command}
        onChange={(command) => {
          setSplitNote(undefined);
          edit('command', { command });
        }}
        onBlur={splitOnLeave}
      />
      {preview && (
        <p className="field-note" role="status">
          {preview}
        </p>
      )}
      <fieldset className="field plain">
        <legend>Arguments</legend>
        <ArgumentList
          items={draft.args}
          onChange={(args) => edit('args', { args })}
          errorAt={(index) => errorFor(`transport.args.${index}`)}
        />
      </fieldset>
      <fieldset className="field plain">
        <legend>Environment variables</legend>
        <NamedValueRows
          kind="variable"
          rows={draft.env}
          onChange={(env) => edit('env', { env })}
          errorAt={(index, field) => errorFor(`transport.env.${index}.${field}`)}
        />
      </fieldset>
      <Field
        label="Working folder"
        error={errorFor('transport.cwd')}
        hint="Optional. Where the command runs."
      >
        {(props) => (
          <div className="input-with-button">
            <input
              {...props}
              className="input mono"
              spellCheck={false}
              value={draft.cwd}
              onChange={(event) => edit('cwd', { cwd: event.target.value })}
              onBlur={touch('cwd')}
            />
            <FolderButton onChosen={(cwd) => edit('cwd', { cwd })} />
          </div>
        )}
      </Field>
    </>
  );
}

/** URL, headers and protocol. */
export function HttpFields({ draft, edit, touch, errorFor }: TransportFieldsProps) {
  return (
    <>
      <CodeTextField
        label="URL"
        error={errorFor('transport.url')}
        type="url"
        placeholder="https://example.com/mcp"
        value={draft.url}
        onChange={(url) => edit('url', { url })}
        onBlur={touch('url')}
      />
      <UnencryptedChoice draft={draft} edit={edit} />
      <fieldset className="field plain">
        <legend>Headers</legend>
        <NamedValueRows
          kind="header"
          rows={draft.headers}
          onChange={(headers) => edit('headers', { headers })}
          errorAt={(index, field) => errorFor(`transport.headers.${index}.${field}`)}
        />
      </fieldset>
      <Field label="Protocol">
        {(props) => (
          <select
            {...props}
            className="input narrow"
            value={draft.protocol}
            onChange={(event) => edit('other', { protocol: event.target.value as HttpProtocol })}
          >
            <option value="auto">Automatic</option>
            <option value="streamable-http">Streamable HTTP</option>
            <option value="sse">SSE</option>
          </select>
        )}
      </Field>
      <OAuthFields draft={draft} edit={edit} touch={touch} errorFor={errorFor} />
    </>
  );
}

/**
 * Plain http:// to another computer is refused unless allowed here, for this server only: the
 * choice appears with such an address, and says what it gives up.
 */
function UnencryptedChoice({ draft, edit }: Pick<TransportFieldsProps, 'draft' | 'edit'>) {
  const hintId = useId();
  const host = unencryptedHost(draft.url.trim());
  if (host === undefined) return null;
  return (
    <div className="field">
      <label className="choice">
        <input
          type="checkbox"
          checked={draft.allowUnencrypted}
          aria-describedby={hintId}
          onChange={(event) => edit('url', { allowUnencrypted: event.target.checked })}
        />
        <span>Allow an unencrypted connection to {host}</span>
      </label>
      <span className="field-hint" id={hintId}>
        Only on a network you trust: whoever is on it can read the headers Hearth sends (tokens and
        keys included) and change what the server answers.
      </span>
    </div>
  );
}

/**
 * "Choose…" opens the system's folder picker in the desktop app. The browser host cannot name
 * folders on the host machine, so there the button is not shown and the path is typed.
 */
function FolderButton({ onChosen }: { onChosen(path: string): void }) {
  const api = useApi();
  const supported = useDesktopHost(api);
  if (!supported) return null;
  return (
    <button
      type="button"
      className="button"
      onClick={() =>
        void api.desktop.chooseFolder('Working folder of the server').then(
          (choice) => choice.path && onChosen(choice.path),
          () => undefined,
        )
      }
    >
      Choose…
    </button>
  );
}
