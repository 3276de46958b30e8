/** The configured servers, each with its kind, live state and tool count; one may be selected. */
import type { ServerEntry } from '../../../../preload/schemas/servers';
import { displayName, toolCountLabel, transportLabel } from '../serverLabels';
import { StatusBadge } from './StatusBadge';
import { sameServer } from '../useServers';

export interface ServerListProps {
  entries: ServerEntry[];
  selected: string | undefined;
  onSelect(name: string): void;
}

export function ServerList({ entries, selected, onSelect }: ServerListProps) {
  return (
    <ul className="server-list" aria-label="Servers">
      {entries.map(({ config, status }) => {
        const current = selected !== undefined && sameServer(selected, config.name);
        return (
          <li key={config.name} className={current ? 'server-item current' : 'server-item'}>
            <button
              type="button"
              className="server-item-button"
              aria-current={current ? 'true' : undefined}
              onClick={() => onSelect(config.name)}
            >
              {displayName(config)}
            </button>
            <span className="server-item-meta">
              <span className="muted">{transportLabel(config)}</span>
              <StatusBadge status={status} enabled={config.enabled} />
              {status.state === 'ready' && (
                <span className="muted">{toolCountLabel(status.toolCount)}</span>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
