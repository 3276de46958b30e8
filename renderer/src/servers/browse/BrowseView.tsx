/**
 * Servers › Browse: the servers of an MCP registry (the address in Settings, the official one by
 * default), searched and paged, one in detail, and installed from there with a form. What the
 * registry sends is the publisher's text: hidden characters in it are shown, never acted on.
 */
import { useId, useState } from 'react';
import type { RegistrySummary } from '../../../../preload/schemas/registry';
import type { ServerEntry } from '../../../../preload/schemas/servers';
import { useApi } from '../../lib/apiContext';
import { revealHidden } from '../../lib/revealHidden';
import { useSettings } from '../../lib/hooks';
import { Badge } from '../../ui/Badge';
import { InlineError } from '../../ui/InlineError';
import { KIND_LABELS } from './kindLabels';
import { publisherOf, registryVerifiesPublishers } from './publisher';
import { RegistryAddress } from './RegistryAddress';
import { RegistryDetail } from './RegistryDetail';
import { useRegistrySearch } from './useRegistrySearch';
import './browse.css';

export interface BrowseViewProps {
  /** Names of the servers already configured, so the new one gets a free name. */
  takenNames: readonly string[];
  /** Registry names of the entries already installed, each with its name in Hearth. */
  installed?: ReadonlyMap<string, string>;
  onClose(): void;
  /** A server was installed (and its launch reviewed, or left for later). */
  onInstalled(entry: ServerEntry): void;
}

export function BrowseView({
  takenNames,
  installed = new Map(),
  onClose,
  onInstalled,
}: BrowseViewProps) {
  const api = useApi();
  const settings = useSettings(api);
  const registryUrl = settings.settings?.registry.url;
  const results = useRegistrySearch(api, registryUrl);
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<string>();
  const titleId = useId();
  const searchId = useId();

  const current = results.servers?.find((server) => server.name === selected);
  return (
    <section className="browse-view" aria-labelledby={titleId}>
      <header className="servers-header">
        <h1 id={titleId}>Browse servers</h1>
        <span className="spacer" />
        <button type="button" className="button" onClick={onClose}>
          Back to your servers
        </button>
      </header>
      <RegistryAddress
        url={registryUrl}
        error={settings.error}
        onChange={(url) => settings.update({ registry: { url } })}
      />
      <form
        role="search"
        className="browse-search"
        onSubmit={(event) => {
          event.preventDefault();
          setSelected(undefined);
          results.search(text);
        }}
      >
        <label htmlFor={searchId} className="visually-hidden">
          Search the registry
        </label>
        <input
          id={searchId}
          className="input"
          type="search"
          maxLength={200}
          placeholder="Search by name or description"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <div className={`browse-layout${current ? ' has-selection' : ''}`}>
        <div className="browse-results">
          <p className="visually-hidden" role="status">
            {results.loading === 'first'
              ? 'Searching the registry…'
              : results.servers
                ? `${results.servers.length} servers shown${results.hasMore ? ', more to load' : ''}.`
                : ''}
          </p>
          {results.error && (
            <div className="browse-problem">
              <InlineError message={results.error} />
              <button type="button" className="button small" onClick={results.retry}>
                Try again
              </button>
            </div>
          )}
          {results.loading === 'first' && !results.servers && (
            <p className="muted">Searching the registry…</p>
          )}
          {results.servers?.length === 0 && (
            <p className="muted">No server in this registry matches that.</p>
          )}
          {results.servers && results.servers.length > 0 && !current && (
            <p className="muted browse-hint">
              Choose a server to see what it is, where it comes from and how to install it.
            </p>
          )}
          {results.servers && results.servers.length > 0 && (
            <ResultList
              servers={results.servers}
              selected={selected}
              onSelect={setSelected}
              installed={installed}
              verified={registryVerifiesPublishers(registryUrl)}
            />
          )}
          <SkippedEntries skipped={results.skipped} />
          {results.overfull && <p className="muted browse-overfull">{results.overfull}</p>}
          {results.hasMore && (
            <button
              type="button"
              className="button browse-more"
              disabled={results.loading !== undefined}
              onClick={results.loadMore}
            >
              {results.loading === 'more' ? 'Loading…' : 'Load more'}
            </button>
          )}
        </div>
        {/* Nothing chosen: the results take the whole width; chosen: its detail beside them. */}
        {current && (
          <div className="browse-pane">
            <RegistryDetail
              key={`${current.name}@${current.version}`}
              summary={current}
              takenNames={takenNames}
              onBack={() => setSelected(undefined)}
              onInstalled={onInstalled}
            />
          </div>
        )}
      </div>
    </section>
  );
}

function ResultList({
  servers,
  selected,
  onSelect,
  installed,
  verified,
}: {
  servers: RegistrySummary[];
  selected: string | undefined;
  onSelect(name: string): void;
  installed: ReadonlyMap<string, string>;
  /** The registry checks that publishers own their names (the official one does). */
  verified: boolean;
}) {
  return (
    <ul className="server-list browse-list" aria-label="Servers in the registry">
      {servers.map((server) => {
        const current = server.name === selected;
        const kinds = [...new Set(server.kinds)];
        const publisher = publisherOf(server.name);
        const installedAs = installed.get(server.name);
        return (
          <li
            key={`${server.name}@${server.version}`}
            className={current ? 'server-item current' : 'server-item'}
          >
            <button
              type="button"
              className="server-item-button"
              aria-current={current ? 'true' : undefined}
              onClick={() => onSelect(server.name)}
            >
              {revealHidden(server.title ?? server.name)}
            </button>
            {publisher && (
              <p className="browse-publisher muted">
                by {revealHidden(publisher)}
                {verified && (
                  <span
                    className="browse-verified"
                    title="The official registry checked that the publisher owns this name (a GitHub account or a domain)."
                  >
                    {' '}
                    · <span aria-hidden="true">✓</span> verified
                  </span>
                )}
              </p>
            )}
            <p className="browse-description">{revealHidden(server.description)}</p>
            <span className="server-item-meta">
              {installedAs !== undefined && (
                <Badge tone="good">
                  {installedAs === server.name ? 'Installed' : `Installed as ${installedAs}`}
                </Badge>
              )}
              <span className="muted">{server.version}</span>
              {kinds.map((kind) => (
                <Badge key={kind}>{KIND_LABELS[kind]}</Badge>
              ))}
              {server.status === 'deprecated' && <Badge tone="busy">Deprecated</Badge>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function SkippedEntries({ skipped }: { skipped: { name?: string; reason: string }[] }) {
  if (skipped.length === 0) return null;
  return (
    <details className="browse-skipped">
      <summary>
        {skipped.length === 1
          ? 'One entry was left out: it is malformed.'
          : `${skipped.length} entries were left out: they are malformed.`}
      </summary>
      <ul>
        {skipped.map((entry, index) => (
          <li key={index}>
            <code>{revealHidden(entry.name ?? 'An entry without a name')}</code>:{' '}
            {revealHidden(entry.reason)}
          </li>
        ))}
      </ul>
    </details>
  );
}
