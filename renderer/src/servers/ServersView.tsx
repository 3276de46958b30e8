/**
 * The Servers view: every configured MCP server with its live state, the selected one in detail,
 * and the dialogs to add, edit, import and export servers.
 */
import { useId, useState } from 'react';
import type { ServerConfig } from '../../../preload/schemas/servers';
import { useApi } from '../lib/apiContext';
import { useNavigation } from '../lib/navigation';
import { Dialog } from '../ui/Dialog';
import { ExportDialog } from './importExport/ExportDialog';
import { ImportDialog } from './importExport/ImportDialog';
import { ServerDetail } from './detail/ServerDetail';
import { ServerForm } from './form/ServerForm';
import { RuntimesPanel } from './sandbox/RuntimesPanel';
import { BrowseView } from './browse/BrowseView';
import { useBundleOpener } from './bundles/BundleOpener';
import { ServerList } from './list/ServerList';
import { isBuiltin } from './serverLabels';
import type { FormMode } from './form/formModel';
import { sameServer, useServers } from './useServers';
import './servers.css';
import { InlineError } from '../ui/InlineError';

type OpenDialog =
  { kind: 'form'; mode: FormMode; config?: ServerConfig } | { kind: 'import' } | { kind: 'export' };

export function ServersView() {
  const api = useApi();
  const navigation = useNavigation();
  const bundles = useBundleOpener();
  const { entries, error, reload, applyStatus, applyEnabled } = useServers(api);
  const [dialog, setDialog] = useState<OpenDialog>();
  const [browsing, setBrowsing] = useState(false);
  const titleId = useId();
  // The selection follows navigation, and also moves on its own when the shell does not
  // re-render (a server just added or deleted), so the view never waits on the shell.
  const [selected, setSelected] = useState(navigation.serverName);
  const [followed, setFollowed] = useState(navigation.serverName);
  if (navigation.serverName !== followed) {
    setFollowed(navigation.serverName);
    setSelected(navigation.serverName);
    // A server shown from elsewhere (a bundle installed from a registry entry) ends browsing.
    setBrowsing(false);
  }
  const select = (name: string | undefined) => {
    setSelected(name);
    navigation.openServers(name);
  };

  const current =
    selected === undefined
      ? undefined
      : entries?.find((entry) => sameServer(entry.config.name, selected));
  const ownServers = entries?.filter((entry) => !isBuiltin(entry.config)) ?? [];
  const openForm = (mode: FormMode, config?: ServerConfig) =>
    setDialog({ kind: 'form', mode, config });

  // Browsing a registry takes the whole view; an installed server is then selected in the list.
  if (browsing) {
    return (
      <BrowseView
        takenNames={(entries ?? []).map((entry) => entry.config.name)}
        installed={
          new Map(
            (entries ?? []).flatMap((entry) =>
              entry.config.registryEntry
                ? [[entry.config.registryEntry.name, entry.config.name] as const]
                : [],
            ),
          )
        }
        onClose={() => setBrowsing(false)}
        onInstalled={(entry) => {
          setBrowsing(false);
          select(entry.config.name);
          void reload();
        }}
      />
    );
  }
  return (
    <section className="servers-view" aria-labelledby={titleId}>
      <header className="servers-header">
        <h1 id={titleId}>Servers</h1>
        <span className="spacer" />
        <button type="button" className="button primary" onClick={() => openForm('add')}>
          Add server
        </button>
        <button type="button" className="button" onClick={() => setBrowsing(true)}>
          Browse registry
        </button>
        <button type="button" className="button" onClick={() => bundles.chooseFile()}>
          Install bundle…
        </button>
        <button type="button" className="button" onClick={() => setDialog({ kind: 'import' })}>
          Import…
        </button>
        <button type="button" className="button" onClick={() => setDialog({ kind: 'export' })}>
          Export
        </button>
      </header>
      <InlineError message={error} />
      {entries === undefined ? (
        !error && <p className="muted">Loading servers…</p>
      ) : (
        <div className="servers-layout">
          <div className="servers-side">
            <ServerList entries={entries} selected={current?.config.name} onSelect={select} />
            <RuntimesPanel sandboxNoticeShown={current?.status.sandbox?.state === 'unavailable'} />
          </div>
          <div className="servers-pane">
            {current ? (
              <ServerDetail
                key={current.config.name}
                entry={current}
                onStatus={applyStatus}
                onEnabled={(enabled) => applyEnabled(current.config.name, enabled)}
                onEdit={() => openForm('edit', current.config)}
                onDuplicate={() => openForm('duplicate', current.config)}
                onDeleted={() => {
                  select(undefined);
                  void reload();
                }}
              />
            ) : ownServers.length === 0 ? (
              <EmptyState
                onAdd={() => openForm('add')}
                onBrowse={() => setBrowsing(true)}
                onBundle={() => bundles.chooseFile()}
                onImport={() => setDialog({ kind: 'import' })}
              />
            ) : (
              <p className="muted servers-hint">
                Choose a server to see its state, its tools and its log.
              </p>
            )}
          </div>
        </div>
      )}
      {dialog?.kind === 'form' && (
        <Dialog
          open
          title={formTitle(dialog.mode, dialog.config)}
          onCancel={() => setDialog(undefined)}
          className="wide-dialog"
        >
          <ServerForm
            mode={dialog.mode}
            initial={dialog.config}
            takenNames={(entries ?? [])
              .map((entry) => entry.config.name)
              .filter((name) => dialog.mode !== 'edit' || name !== dialog.config?.name)}
            onCancel={() => setDialog(undefined)}
            onSaved={(saved) => {
              setDialog(undefined);
              select(saved.config.name);
              void reload();
            }}
          />
        </Dialog>
      )}
      {dialog?.kind === 'import' && (
        <ImportDialog
          existingNames={(entries ?? []).map((entry) => entry.config.name)}
          onImported={() => void reload()}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'export' && <ExportDialog onClose={() => setDialog(undefined)} />}
    </section>
  );
}

function formTitle(mode: FormMode, config: ServerConfig | undefined): string {
  if (mode === 'edit' && config) return `Edit “${config.name}”`;
  if (mode === 'duplicate' && config) return `Duplicate “${config.name}”`;
  return 'Add server';
}

/** What MCP servers are, for someone who has none yet. */
function EmptyState({
  onAdd,
  onBrowse,
  onBundle,
  onImport,
}: {
  onAdd(): void;
  onBrowse(): void;
  onBundle(): void;
  onImport(): void;
}) {
  return (
    <div className="empty-state">
      <h2>No servers of your own yet</h2>
      <p>
        MCP servers give the model tools: reading your calendar, searching a code base, driving a
        browser. Each runs as a program on this computer or as a service on the web, and Hearth asks
        you before it starts one.
      </p>
      <p className="muted">You can also drop a .mcpb bundle anywhere on this window.</p>
      <div className="empty-state-actions">
        <button type="button" className="button primary" onClick={onAdd}>
          Add server
        </button>
        <button type="button" className="button" onClick={onBrowse}>
          Find one in a registry
        </button>
        <button type="button" className="button" onClick={onBundle}>
          Install a bundle (.mcpb)
        </button>
        <button type="button" className="button" onClick={onImport}>
          Import from Claude Desktop, VS Code or Cursor
        </button>
      </div>
    </div>
  );
}
