/**
 * A server's log: what main kept when the pane opened, then each batch main sends as it comes.
 * Filtering by words and by source happens here; the full log stays with main.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { LogEntry } from '../../../../preload/schemas/servers';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { SOURCE_LABELS, formatLogEntry, timeOf } from '../logFormat';
import { sameServer } from '../useServers';
import { InlineError } from '../../ui/InlineError';
import { revealHidden } from '../../lib/revealHidden';

/** Lines kept on the page: a chatty server must not grow the DOM without end. */
export const MAX_LOG_LINES_SHOWN = 2_000;

type Source = LogEntry['source'] | 'all';
interface Line {
  key: number;
  entry: LogEntry;
}

export function LogPane({ server }: { server: string }) {
  const api = useApi();
  const [lines, setLines] = useState<Line[]>([]);
  const [error, setError] = useState<string>();
  const [filter, setFilter] = useState('');
  const [source, setSource] = useState<Source>('all');
  const [copied, setCopied] = useState<string>();
  const sourceId = useId();
  const box = useRef<HTMLDivElement>(null);
  // Follows new lines while the user is at the bottom; scrolling up to read stops that.
  const following = useRef(true);

  useEffect(() => {
    let live = true;
    let counter = 0;
    // Events that arrive before the first list are kept and added after it, less the lines the
    // list already holds: main numbers each line (`seq`), so a line is shown once.
    let early: LogEntry[] | undefined = [];
    let lastSeq = -1;
    const append = (entries: LogEntry[]) => {
      const fresh = entries.filter((entry) => {
        if (entry.seq === undefined) return true;
        if (entry.seq <= lastSeq) return false;
        lastSeq = entry.seq;
        return true;
      });
      setLines((current) =>
        [...current, ...fresh.map((entry) => ({ key: counter++, entry }))].slice(
          -MAX_LOG_LINES_SHOWN,
        ),
      );
    };
    const stop = api.servers.onLog(({ server: from, entries }) => {
      if (!sameServer(from, server)) return;
      if (early) early.push(...entries);
      else append(entries);
    });
    api.servers.logs(server).then(
      (entries) => {
        if (!live) return;
        append([...entries, ...(early ?? [])]);
        early = undefined;
      },
      (reason: unknown) => {
        if (!live) return;
        setError(messageOf(reason));
        append(early ?? []);
        early = undefined;
      },
    );
    return () => {
      live = false;
      stop();
    };
  }, [api, server]);

  const needle = filter.trim().toLowerCase();
  const shown = lines.filter(
    ({ entry }) =>
      (source === 'all' || entry.source === source) &&
      (needle === '' || entry.text.toLowerCase().includes(needle)),
  );

  useEffect(() => {
    const element = box.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [lines, filter, source]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(
        shown.map(({ entry }) => formatLogEntry(entry)).join('\n'),
      );
      setCopied('Copied.');
    } catch (reason) {
      setCopied(`Could not copy: ${messageOf(reason)}`);
    }
  };

  return (
    <section className="log-pane" aria-label="Log">
      <div className="log-toolbar">
        <input
          className="input"
          type="search"
          aria-label="Filter log"
          placeholder="Filter"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        <label htmlFor={sourceId} className="visually-hidden">
          Source
        </label>
        <select
          id={sourceId}
          className="input narrow"
          value={source}
          onChange={(event) => setSource(event.target.value as Source)}
        >
          <option value="all">All sources</option>
          <option value="stderr">{SOURCE_LABELS.stderr}</option>
          <option value="mcp">{SOURCE_LABELS.mcp}</option>
          <option value="hearth">{SOURCE_LABELS.hearth}</option>
        </select>
        <button type="button" className="button small" onClick={() => void copy()}>
          Copy log
        </button>
        <span className="muted" role="status">
          {copied}
        </span>
      </div>
      <InlineError message={error} />
      <div
        ref={box}
        className="log-lines"
        role="log"
        aria-label="Server log"
        tabIndex={0}
        onScroll={(event) => {
          const element = event.currentTarget;
          following.current = element.scrollTop + element.clientHeight >= element.scrollHeight - 8;
        }}
      >
        {shown.length === 0 ? (
          <p className="muted">{lines.length === 0 ? 'Nothing logged yet.' : 'No line matches.'}</p>
        ) : (
          shown.map(({ key, entry }) => (
            <div key={key} className={`log-line log-${entry.source} log-level-${entry.level}`}>
              <span className="log-time">{timeOf(entry)}</span>{' '}
              <span className="log-source">{SOURCE_LABELS[entry.source]}</span>{' '}
              <span className="log-text">{revealHidden(entry.text)}</span>
            </div>
          ))
        )}
      </div>
    </section>
  );
}
