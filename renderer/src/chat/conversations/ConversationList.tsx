/**
 * The sidebar's conversations: start a new chat, search every message (a hit opens the version
 * it found), open, rename or delete a conversation, export them all or import some. The list follows saved messages, so a new conversation appears as it starts.
 */
import { useState } from 'react';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { useNavigation } from '../../lib/navigation';
import { Dialog } from '../../ui/Dialog';
import type { ConversationSummary } from '../chatTypes';
import { relativeTime, snippetParts } from './listText';
import { useConversationSummaries, useSearch } from './useConversationList';
import './conversationList.css';
import { InlineError } from '../../ui/InlineError';
import { Pencil, Trash2 } from 'lucide-react';
import { announceBranchShown } from '../branchShown';
import type { SearchHit } from '../chatTypes';
import { TransferMenu } from './TransferDialogs';

/** The search field's id, for the shortcut that goes to it. */
export const SEARCH_FIELD_ID = 'conversation-search';

export function ConversationList() {
  const api = useApi();
  const navigation = useNavigation();
  const list = useConversationSummaries(api);
  const [query, setQuery] = useState('');
  const search = useSearch(api, query);
  const [editingId, setEditingId] = useState<string>();
  const [deleting, setDeleting] = useState<ConversationSummary>();
  const [problem, setProblem] = useState<string>();

  const rename = async (conversation: ConversationSummary, title: string) => {
    setEditingId(undefined);
    if (title.trim() === conversation.title) return;
    try {
      list.replace(await api.conversations.rename(conversation.id, title.trim()));
      setProblem(undefined);
    } catch (reason) {
      setProblem(messageOf(reason));
    }
  };

  const confirmDelete = async () => {
    const target = deleting;
    setDeleting(undefined);
    if (!target) return;
    try {
      await api.conversations.delete(target.id);
      list.remove(target.id);
      setProblem(undefined);
      if (navigation.conversationId === target.id) navigation.openChat();
    } catch (reason) {
      setProblem(messageOf(reason));
    }
  };

  /** A hit in a message opens the version it found, with the branch it was continued on. */
  const openHit = async (hit: SearchHit) => {
    try {
      if (hit.messageId !== undefined)
        await api.conversations.showVersion(hit.conversationId, hit.messageId);
      setProblem(undefined);
    } catch (reason) {
      // The conversation opens as it is; the sentence says why not at that version.
      setProblem(messageOf(reason));
    }
    navigation.openChat(hit.conversationId);
    announceBranchShown(hit.conversationId);
  };

  const searching = query.trim() !== '';
  return (
    <div className="conversation-list">
      <button
        type="button"
        className="button primary new-chat"
        onClick={() => navigation.openChat()}
      >
        New chat
      </button>
      <input
        type="search"
        id={SEARCH_FIELD_ID}
        className="input conversation-search"
        placeholder="Search conversations"
        aria-label="Search conversations"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <InlineError message={problem ?? list.error ?? search.error} />
      {searching ? (
        <SearchResults query={query} hits={search.hits} onOpen={(hit) => void openHit(hit)} />
      ) : (
        <ul className="conversation-items" aria-label="Conversation list">
          {list.conversations?.length === 0 && <li className="muted">No conversations yet.</li>}
          {list.conversations?.map((conversation) => (
            <ConversationItem
              key={conversation.id}
              conversation={conversation}
              current={conversation.id === navigation.conversationId}
              editing={conversation.id === editingId}
              onOpen={() => navigation.openChat(conversation.id)}
              onStartRename={() => setEditingId(conversation.id)}
              onRename={(title) => void rename(conversation, title)}
              onCancelRename={() => setEditingId(undefined)}
              onDelete={() => setDeleting(conversation)}
            />
          ))}
        </ul>
      )}
      <TransferMenu onImported={list.refresh} />
      <Dialog
        title="Delete this conversation?"
        open={deleting !== undefined}
        tone="danger"
        onCancel={() => setDeleting(undefined)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setDeleting(undefined)}>
              Cancel
            </button>
            <button type="button" className="button danger" onClick={() => void confirmDelete()}>
              Delete
            </button>
          </>
        }
      >
        <p>
          “{deleting?.title || 'Untitled'}” and all its messages will be deleted. This cannot be
          undone.
        </p>
      </Dialog>
    </div>
  );
}

interface ItemProps {
  conversation: ConversationSummary;
  current: boolean;
  editing: boolean;
  onOpen(): void;
  onStartRename(): void;
  onRename(title: string): void;
  onCancelRename(): void;
  onDelete(): void;
}

function ConversationItem(props: ItemProps) {
  const { conversation, current } = props;
  const title = conversation.title || 'Untitled';
  return (
    <li className={`conversation-item${current ? ' current' : ''}`}>
      {props.editing ? (
        <TitleEditor
          initial={conversation.title}
          onDone={props.onRename}
          onCancel={props.onCancelRename}
        />
      ) : (
        <button
          type="button"
          className="conversation-open"
          aria-current={current ? 'page' : undefined}
          // One Tab stop per conversation: its actions are keys here, and buttons for the pointer.
          aria-keyshortcuts="F2 Delete"
          title={`${title}: F2 renames it, Delete deletes it`}
          onClick={props.onOpen}
          onKeyDown={(event) => {
            if (event.key === 'F2') {
              event.preventDefault();
              props.onStartRename();
            } else if (event.key === 'Delete') {
              event.preventDefault();
              props.onDelete();
            }
          }}
        >
          <span className="conversation-title">{title}</span>
          <time className="conversation-time" dateTime={conversation.updatedAt}>
            {relativeTime(conversation.updatedAt)}
          </time>
        </button>
      )}
      <span className="conversation-actions">
        <button
          type="button"
          className="icon-button"
          tabIndex={-1}
          aria-label="Rename conversation"
          title={`Rename “${title}” (F2)`}
          onClick={props.onStartRename}
        >
          <Pencil size={14} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="icon-button"
          tabIndex={-1}
          aria-label="Delete conversation"
          title={`Delete “${title}” (Delete)`}
          onClick={props.onDelete}
        >
          <Trash2 size={14} aria-hidden="true" />
        </button>
      </span>
    </li>
  );
}

/** Enter saves, Escape cancels; leaving the field saves too. */
function TitleEditor({
  initial,
  onDone,
  onCancel,
}: {
  initial: string;
  onDone(title: string): void;
  onCancel(): void;
}) {
  const [value, setValue] = useState(initial);
  const [settled, setSettled] = useState(false);
  const finish = (save: boolean) => {
    if (settled) return;
    setSettled(true);
    if (save) onDone(value);
    else onCancel();
  };
  return (
    <input
      className="input conversation-rename"
      aria-label="Conversation title"
      maxLength={200}
      autoFocus
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          finish(true);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          finish(false);
        }
      }}
      onBlur={() => finish(true)}
    />
  );
}

function SearchResults({
  query,
  hits,
  onOpen,
}: {
  query: string;
  hits: ReturnType<typeof useSearch>['hits'];
  onOpen(hit: SearchHit): void;
}) {
  if (!hits) return <p className="muted search-pending">Searching…</p>;
  if (hits.length === 0) return <p className="muted">Nothing matches “{query.trim()}”.</p>;
  return (
    <ul className="conversation-items" aria-label="Search results">
      {hits.map((hit, index) => (
        <li key={`${hit.conversationId}:${hit.messageId ?? 'title'}:${index}`}>
          <button
            type="button"
            className="conversation-open search-hit"
            onClick={() => onOpen(hit)}
          >
            <span className="conversation-title">{hit.title || 'Untitled'}</span>
            <span className="search-snippet">
              {snippetParts(hit.snippet).map((part, at) =>
                part.match ? <mark key={at}>{part.text}</mark> : <span key={at}>{part.text}</span>,
              )}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
