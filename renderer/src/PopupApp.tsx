/**
 * The tray's quick-chat popup (the renderer loaded with `?view=popup`): a slim header, the same
 * chat as the main window, and the question dialogs, so a tool approval or a sudo password asked
 * during a quick chat is answered right here. It reopens the last quick conversation; anything
 * beyond chatting (servers, settings, about) opens the main app.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Api } from '../../preload/api';
import { ApiContext } from './lib/apiContext';
import type { Connection } from './bridge/connect';
import { ChatView } from './chat';
import { ConnectionBanner } from './ui/ConnectionBanner';
import { HearthMark } from './ui/HearthMark';
import { NoticeList } from './ui/NoticeList';
import { QuestionDialogs } from './dialogs';
import { useConnectionStatus, useNotices, useSettings } from './lib/hooks';
import { NavigationContext, type Navigation } from './lib/navigation';
import { useTheme } from './lib/theme';
import './popup.css';

/** Where the popup keeps the id of its conversation (only the id: the rest lives in main). */
export const POPUP_CONVERSATION_KEY = 'hearth.popup.conversationId';

/** The part of Web Storage the popup uses, so tests can hand in their own. */
export type IdStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface PopupAppProps {
  connection: Connection;
  /** Defaults to the page's localStorage (none when the browser refuses it). */
  storage?: IdStorage;
  /** True in the desktop app, where main can bring its window forward; defaults to `window.hearth`. */
  desktop?: boolean;
  /** Goes to another address in this tab (the browser host); defaults to `location.assign`. */
  goTo?: (url: string) => void;
}

export function PopupApp({
  connection,
  storage = pageStorage(),
  desktop = window.hearth !== undefined,
  goTo = (url) => window.location.assign(url),
}: PopupAppProps) {
  const { api } = connection;
  const status = useConnectionStatus(connection);
  const settingsState = useSettings(api);
  const { notices, dismiss } = useNotices(api);
  const remembered = useRememberedConversation(api, storage);
  useTheme(settingsState.settings?.theme);

  const mainUrl = mainAppUrl(window.location);
  // The popup has no room for the other views: each one opens the main app on that view (in the
  // browser host, in this same tab: a new tab would open on a new chat instead).
  const openMain = useCallback(
    (view?: MainView) => {
      if (desktop) void api.desktop.showMainWindow(view).catch(() => false);
      else goTo(view ? withView(mainUrl, view) : mainUrl);
    },
    [api, desktop, goTo, mainUrl],
  );
  const navigation = useMemo<Navigation>(
    () => ({
      view: 'chat',
      conversationId: remembered.conversationId,
      serverName: undefined,
      openChat: remembered.remember,
      openServers: () => openMain('servers'),
      openSettings: () => openMain('settings'),
      openAbout: () => openMain('about'),
    }),
    [openMain, remembered.conversationId, remembered.remember],
  );

  return (
    <ApiContext.Provider value={api}>
      <NavigationContext.Provider value={navigation}>
        <div className="popup">
          <header className="popup-header" aria-label="Hearth quick chat">
            <span className="popup-brand">
              <HearthMark size={20} />
              <span>Hearth</span>
            </span>
            <button
              type="button"
              className="button small"
              onClick={() => navigation.openChat(undefined)}
            >
              New chat
            </button>
            <button type="button" className="button small" onClick={() => openMain()}>
              Open Hearth
            </button>
          </header>
          <main className="popup-main">
            <ConnectionBanner status={status} />
            <NoticeList notices={notices} onDismiss={dismiss} />
            {remembered.checked ? (
              <ChatView />
            ) : (
              <p className="muted popup-loading">Opening your last chat…</p>
            )}
          </main>
          <QuestionDialogs />
        </div>
      </NavigationContext.Provider>
    </ApiContext.Provider>
  );
}

interface RememberedConversation {
  /** False while the remembered id is being looked up in main. */
  checked: boolean;
  conversationId: string | undefined;
  /** Shows `conversationId` (undefined: a new chat) and remembers it for the next time. */
  remember(conversationId: string | undefined): void;
}

/**
 * The popup's conversation, kept across openings: the remembered id if main still has that
 * conversation, else a new chat (and the stale id is forgotten).
 */
export function useRememberedConversation(
  api: Api,
  storage: IdStorage | undefined,
): RememberedConversation {
  const [place, setPlace] = useState<{ checked: boolean; conversationId?: string }>(() => {
    const stored = readId(storage);
    return stored ? { checked: false, conversationId: stored } : { checked: true };
  });

  const pendingId = place.checked ? undefined : place.conversationId;
  useEffect(() => {
    if (!pendingId) return undefined;
    let live = true;
    // Only whether it still exists: one message read, however long it is.
    api.conversations.get(pendingId, { lastMessages: 1 }).then(
      (conversation) => {
        if (!live) return;
        if (!conversation) writeId(storage, undefined);
        setPlace(conversation ? { checked: true, conversationId: pendingId } : { checked: true });
      },
      // Main could not answer: start afresh, but keep the id for a later opening.
      () => live && setPlace({ checked: true }),
    );
    return () => {
      live = false;
    };
  }, [api, storage, pendingId]);

  const remember = useCallback(
    (conversationId: string | undefined) => {
      writeId(storage, conversationId);
      setPlace({ checked: true, conversationId });
    },
    [storage],
  );
  return { checked: place.checked, conversationId: place.conversationId, remember };
}

/** The main app's address in the browser host: this page's, without `view` (the token stays). */
type MainView = 'servers' | 'settings' | 'about';

/** The main app's address opening on `view` (read once by the main app, see `openingView`). */
export function withView(url: string, view: MainView): string {
  return `${url}${url.includes('?') ? '&' : '?'}open=${view}`;
}

export function mainAppUrl(location: Pick<Location, 'search'>): string {
  const query = new URLSearchParams(location.search);
  query.delete('view');
  const search = query.toString();
  return search ? `/?${search}` : '/';
}

function pageStorage(): IdStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // Storage refused (a privacy setting): the popup just starts new chats.
  }
}

function readId(storage: IdStorage | undefined): string | undefined {
  try {
    return storage?.getItem(POPUP_CONVERSATION_KEY) || undefined;
  } catch {
    return undefined;
  }
}

function writeId(storage: IdStorage | undefined, conversationId: string | undefined): void {
  try {
    if (conversationId) storage?.setItem(POPUP_CONVERSATION_KEY, conversationId);
    else storage?.removeItem(POPUP_CONVERSATION_KEY);
  } catch {
    // A full or refused storage only costs the next opening its conversation.
  }
}
