/**
 * Installing a bundle: what it is (name, maker, version, description), whether its signature and
 * hash hold, what it brings (tools, prompts) and asks for (platforms, runtimes, services), its
 * settings as a form, and Install (or Update). A bundle main refuses (bad manifest, bad signature,
 * wrong hash) shows why and installs nothing.
 */
import { useEffect, useId, useState } from 'react';
import type { BundlePreview } from '../../../../preload/schemas/bundles';
import type { ServerEntry } from '../../../../preload/schemas/servers';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { Badge } from '../../ui/Badge';
import { BundleCommandLine } from './BundleCommandLine';
import { BundleChanges, UpdateChoice } from './BundleUpdate';
import { Dialog } from '../../ui/Dialog';
import { InlineError } from '../../ui/InlineError';
import { openLink } from '../../lib/links';
import {
  BundleSettingsFields,
  initialValues,
  missingRequired,
  valuesToSend,
  type SettingValues,
} from './BundleSettingsFields';
import '../servers.css';
import './bundles.css';

export interface BundleInstallDialogProps {
  stagedId: string;
  /** A registry's `fileSha256`: the install is refused when the file differs. */
  expectedSha256?: string;
  onInstalled(entry: ServerEntry): void;
  onClose(): void;
}

export function BundleInstallDialog(props: BundleInstallDialogProps) {
  const { stagedId, expectedSha256, onInstalled, onClose } = props;
  const api = useApi();
  const [preview, setPreview] = useState<BundlePreview>();
  const [refusal, setRefusal] = useState<string>();
  const [error, setError] = useState<string>();
  const [values, setValues] = useState<SettingValues>({});
  const [installing, setInstalling] = useState(false);
  const [tried, setTried] = useState(false);
  /** For an unsigned bundle by the installed one's author: does it update it? Unanswered at first. */
  const [asUpdate, setAsUpdate] = useState<boolean>();
  const formId = useId();

  useEffect(() => {
    let live = true;
    api.bundles.inspect(stagedId, expectedSha256 ? { expectedSha256 } : undefined).then(
      (value) => {
        if (!live) return;
        setPreview(value);
        setValues(initialValues(value.userConfig));
      },
      (reason: unknown) => live && setRefusal(messageOf(reason)),
    );
    return () => {
      live = false;
    };
  }, [api, stagedId, expectedSha256]);

  const close = () => {
    void api.bundles.discard(stagedId).catch(() => undefined);
    onClose();
  };

  const confirm = preview?.installed?.confirm === true;
  const updating = preview?.installed !== undefined && (!confirm || asUpdate === true);
  // A separate server keeps nothing of the installed one: no secret counts as stored.
  const fields =
    preview && !updating
      ? preview.userConfig.map((field) => ({ ...field, secretStored: undefined }))
      : (preview?.userConfig ?? []);

  const install = async () => {
    if (!preview) return;
    setTried(true);
    // The question says it is unanswered, beside its choices.
    if (confirm && asUpdate === undefined) return;
    const missing = missingRequired(fields, values);
    if (missing.length > 0) {
      setError(`Fill in ${missing.map((title) => `“${title}”`).join(', ')} first.`);
      return;
    }
    setInstalling(true);
    setError(undefined);
    try {
      const entry = await api.bundles.install(
        stagedId,
        valuesToSend(fields, values),
        expectedSha256 || (confirm && asUpdate)
          ? {
              ...(expectedSha256 ? { expectedSha256 } : {}),
              ...(confirm && asUpdate ? { asUpdate: true } : {}),
            }
          : undefined,
      );
      onInstalled(entry);
    } catch (reason) {
      setError(messageOf(reason));
      setInstalling(false);
    }
  };

  const update = preview?.installed !== undefined;
  const verb = !updating
    ? 'Install'
    : preview?.installed?.version === preview?.version
      ? 'Reinstall'
      : 'Update';
  const blocked = (preview?.blockers.length ?? 0) > 0;
  return (
    <Dialog
      open
      title={
        preview
          ? `${verb} “${preview.displayName}”`
          : refusal
            ? 'This bundle cannot be installed'
            : 'Opening the bundle…'
      }
      subtitle={
        preview
          ? `Version ${preview.version}${update ? ` (installed: ${preview.installed?.version})` : ''} · by ${preview.author.name}`
          : undefined
      }
      onCancel={close}
      className="wide-dialog bundle-dialog"
      tone={refusal ? 'danger' : 'normal'}
      actions={
        <>
          <button type="button" className="button" onClick={close}>
            {preview ? 'Cancel' : 'Close'}
          </button>
          {preview && (
            <button
              type="submit"
              form={formId}
              className="button primary"
              disabled={installing || blocked}
            >
              {installing ? 'Installing…' : verb}
            </button>
          )}
        </>
      }
    >
      {refusal && (
        <div className="notice notice-error" role="alert">
          <div>
            <p>{refusal}</p>
            <p className="bundle-nothing">Nothing was installed.</p>
          </div>
        </div>
      )}
      {!preview && !refusal && (
        <p className="muted">Checking the bundle’s manifest and signature…</p>
      )}
      {preview && (
        <form
          id={formId}
          className="bundle-preview"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void install();
          }}
        >
          {preview.blockers.map((blocker) => (
            <div key={blocker} className="notice notice-error" role="alert">
              <p>{blocker}</p>
            </div>
          ))}
          {preview.warnings.map((warning) => (
            <div key={warning} className="notice notice-warning">
              <p>{warning}</p>
            </div>
          ))}
          {preview.installed && (
            <>
              <BundleChanges changes={preview.installed.changes} />
              {confirm && (
                <UpdateChoice
                  serverName={preview.installed.serverName}
                  value={asUpdate}
                  missing={tried && asUpdate === undefined}
                  onChange={setAsUpdate}
                />
              )}
            </>
          )}
          <BundleFacts
            preview={preview}
            serverName={
              updating || !preview.installed
                ? preview.serverName
                : (preview.installed.separateServerName ?? preview.serverName)
            }
            onLinkProblem={setError}
          />
          <h3>Settings</h3>
          <BundleSettingsFields
            fields={fields}
            values={values}
            showMissing={tried}
            onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
          />
          <p className="field-hint">
            After installing, you review exactly what it runs before it starts.
          </p>
          <InlineError message={error} />
        </form>
      )}
    </Dialog>
  );
}

const SIGNATURE_WORDS: Record<
  BundlePreview['signature']['status'],
  { label: string; tone: 'good' | 'info' | 'bad' }
> = {
  signed: { label: 'Signed', tone: 'good' },
  'self-signed': { label: 'Self-signed', tone: 'info' },
  untrusted: { label: 'Signed, not trusted', tone: 'info' },
  unsigned: { label: 'Not signed', tone: 'info' },
  bad: { label: 'Bad signature', tone: 'bad' },
};

function BundleFacts({
  preview,
  serverName,
  onLinkProblem,
}: {
  preview: BundlePreview;
  /** The name it gets: the installed server's on an update, a new one as a separate server. */
  serverName: string;
  onLinkProblem(problem: string | undefined): void;
}) {
  const api = useApi();
  const signature = SIGNATURE_WORDS[preview.signature.status];
  const links = [
    { label: 'Home page', url: preview.homepage },
    { label: 'Source code', url: preview.repository },
    { label: `Website of ${preview.author.name}`, url: preview.author.url },
  ].filter((link): link is { label: string; url: string } => !!link.url);
  return (
    <div className="bundle-facts">
      <p className="lead">{preview.description}</p>
      {preview.longDescription && (
        <details className="bundle-more">
          <summary>More about it</summary>
          <p>{preview.longDescription}</p>
        </details>
      )}
      <div className="badges">
        <Badge tone={signature.tone}>{signature.label}</Badge>
        {preview.sha256Matches && <Badge tone="good">Matches the registry’s hash</Badge>}
      </div>
      <dl className="facts">
        <dt>Server name</dt>
        <dd>{serverName}</dd>
        <dt>Runs with</dt>
        <dd>{preview.runsWith}</dd>
        <dt>Command line</dt>
        <dd>
          <BundleCommandLine line={preview.commandLine} />
        </dd>
        {preview.signature.publisher && (
          <>
            <dt>Signed by</dt>
            <dd>{preview.signature.publisher}</dd>
          </>
        )}
        {preview.platforms.length > 0 && (
          <>
            <dt>Platforms</dt>
            <dd>{preview.platforms.map(platformName).join(', ')}</dd>
          </>
        )}
        {Object.keys(preview.runtimes).length > 0 && (
          <>
            <dt>Needs</dt>
            <dd>
              {Object.entries(preview.runtimes)
                .map(([runtime, version]) => `${runtime} ${version}`)
                .join(', ')}
            </dd>
          </>
        )}
        {preview.license && (
          <>
            <dt>License</dt>
            <dd>{preview.license}</dd>
          </>
        )}
        {links.length > 0 && (
          <>
            <dt>More on the web</dt>
            <dd className="bundle-links">
              {links.map((link) => (
                <a
                  key={link.label}
                  href={link.url}
                  onClick={(event) => {
                    event.preventDefault();
                    void openLink(api, link.url).then(onLinkProblem);
                  }}
                >
                  {link.label}
                </a>
              ))}
            </dd>
          </>
        )}
        <dt>File</dt>
        <dd className="mono bundle-file">
          {preview.fileName} · {formatBytes(preview.sizeBytes)} · bundle format{' '}
          {preview.manifestVersion} · SHA-256 {preview.sha256.slice(0, 16)}…
        </dd>
      </dl>
      <ItemList
        title="Tools"
        items={preview.tools}
        generated={preview.toolsGenerated}
        empty="It lists no tools in advance."
      />
      {(preview.prompts.length > 0 || preview.promptsGenerated) && (
        <ItemList title="Prompts" items={preview.prompts} generated={preview.promptsGenerated} />
      )}
      {preview.privacyPolicies.length > 0 && (
        <>
          <h3>Services it sends data to</h3>
          <ul className="bundle-items">
            {preview.privacyPolicies.map((policy) => (
              <li key={policy} className="mono">
                {policy}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function ItemList({
  title,
  items,
  generated,
  empty,
}: {
  title: string;
  items: { name: string; description?: string }[];
  generated: boolean;
  empty?: string;
}) {
  return (
    <>
      <h3>{title}</h3>
      {items.length === 0 ? (
        <p className="muted">{generated ? 'Made when it runs.' : empty}</p>
      ) : (
        <ul className="bundle-items" aria-label={title}>
          {items.map((item) => (
            <li key={item.name}>
              <code>{item.name}</code>
              {item.description && <span className="muted"> — {item.description}</span>}
            </li>
          ))}
          {generated && <li className="muted">…and more it makes when it runs.</li>}
        </ul>
      )}
    </>
  );
}

function platformName(platform: string): string {
  return { darwin: 'macOS', win32: 'Windows', linux: 'Linux' }[platform] ?? platform;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
