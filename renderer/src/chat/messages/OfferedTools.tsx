/**
 * Under an assistant reply: what its request carried. "8 of 120 tools offered" opens the list
 * of tools the model was given for this message (and why: pinned, used before, relevant), or
 * says that no tool matched the message and none (or only pinned and used ones) went, with a
 * pin per tool and a way to pin any other; and, when the conversation outgrew the context, the
 * notice that its oldest messages were not sent. Pins are kept per tool with the server's tool
 * settings, so they hold in every conversation, as the tools themselves do.
 */
import { useCallback, useEffect, useState } from 'react';
import type { RequestFacts } from '../../../../preload/schemas/chat';
import type { CatalogTool } from '../../../../preload/schemas/servers';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import './offeredTools.css';
import { InlineError } from '../../ui/InlineError';

const REASONS: Record<RequestFacts['tools'][number]['reason'], string> = {
  all: '',
  pinned: 'pinned',
  used: 'used before',
  relevant: 'relevant',
  searched: 'found by the model’s search',
  // Nothing in the message pointed to it; the budget had room, so it went along.
  filler: 'room to spare',
};

const keyOf = (tool: { server: string; tool: string }) => `${tool.server}\u0000${tool.tool}`;

/** Hearth's own search tool: not a server's tool, so there is nothing to pin. */
const isSearchTool = (tool: { server: string; tool: string }) =>
  tool.server === 'hearth' && tool.tool === 'search_tools';

export function OfferedTools({ request }: { request: RequestFacts }) {
  const dropped = request.droppedMessages;
  return (
    <>
      {dropped > 0 && (
        <p className="context-notice" role="note">
          Oldest {dropped} message{dropped === 1 ? '' : 's'} not sent: the conversation is longer
          than the model’s context.
        </p>
      )}
      {request.nothingMatched && request.tools.length === 0 && (
        <p className="offered-tools" role="note">
          No tool matched this message, so none of the {request.toolsAvailable} were offered.
        </p>
      )}
      {request.tools.length > 0 && <OfferedList request={request} />}
    </>
  );
}

function OfferedList({ request }: { request: RequestFacts }) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [catalog, setCatalog] = useState<CatalogTool[]>();
  const [error, setError] = useState<string>();
  const [choice, setChoice] = useState('');

  const load = useCallback(
    () =>
      api.tools.list().then(
        (list) => setCatalog(list),
        (reason: unknown) => setError(messageOf(reason)),
      ),
    [api],
  );
  useEffect(() => {
    if (!open) return;
    void load();
    return api.tools.onChanged(() => void load());
  }, [api, open, load]);

  const pin = async (tool: { server: string; tool: string }, pinned: boolean) => {
    try {
      setCatalog(await api.tools.configure(tool.server, tool.tool, { pinned }));
      setError(undefined);
    } catch (reason) {
      setError(messageOf(reason));
    }
  };

  const pinnedNow = new Set(catalog?.filter((tool) => tool.pinned).map(keyOf));
  const offered = new Set(request.tools.map(keyOf));
  const others = (catalog ?? []).filter(
    (tool) => tool.enabled && !tool.pinned && !offered.has(keyOf(tool)),
  );
  // Pinned since this reply, or pinned but switched off then: they go with the next messages.
  const pinnedElsewhere = (catalog ?? []).filter(
    (tool) => tool.pinned && !offered.has(keyOf(tool)),
  );
  return (
    <details className="offered-tools" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        {request.tools.length} of {request.toolsAvailable} tools offered
        {request.nothingMatched && ': no tool matched this message, only pinned and used ones went'}
      </summary>
      <InlineError message={error} />
      <ul aria-label="Tools offered with this message">
        {request.tools.map((tool) => {
          const pinned = pinnedNow.has(keyOf(tool));
          if (isSearchTool(tool))
            return (
              <li key={keyOf(tool)}>
                <code>{tool.modelName}</code>
                <span className="muted"> for the model to find more tools</span>
              </li>
            );
          return (
            <li key={keyOf(tool)}>
              <code>{tool.modelName}</code>
              {REASONS[tool.reason] && <span className="muted"> {REASONS[tool.reason]}</span>}
              <button
                type="button"
                className="button small"
                aria-pressed={pinned}
                disabled={catalog === undefined}
                onClick={() => void pin(tool, !pinned)}
              >
                {pinned ? 'Unpin' : 'Pin'}
              </button>
            </li>
          );
        })}
      </ul>
      {pinnedElsewhere.length > 0 && (
        <ul aria-label="Also pinned">
          {pinnedElsewhere.map((tool) => (
            <li key={keyOf(tool)}>
              <code>{tool.modelName}</code>
              <span className="muted"> pinned, sent from the next message</span>
              <button
                type="button"
                className="button small"
                aria-pressed
                onClick={() => void pin(tool, false)}
              >
                Unpin
              </button>
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <form
          className="offered-tools-pin"
          onSubmit={(event) => {
            event.preventDefault();
            const tool = others.find((candidate) => keyOf(candidate) === choice);
            if (tool) void pin(tool, true).then(() => setChoice(''));
          }}
        >
          <label>
            Pin another tool{' '}
            <select value={choice} onChange={(event) => setChoice(event.target.value)}>
              <option value="">Choose a tool…</option>
              {others.map((tool) => (
                <option key={keyOf(tool)} value={keyOf(tool)}>
                  {tool.modelName}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button small" disabled={!choice}>
            Pin
          </button>
        </form>
      )}
    </details>
  );
}
