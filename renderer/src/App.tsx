/**
 * The app shell: the sidebar (conversations, then Servers, Settings and About), the current view,
 * the notices main raises, the bridge's connection state, and the dialogs for questions main asks
 * (tool approvals, sudo passwords), which stay mounted whatever the view.
 */
import { lazy, useCallback, useEffect, useMemo, useState } from 'react';
import type { Connection } from './bridge/connect';
import { ApiContext } from './lib/apiContext';
import { ChatView, ConversationList, MESSAGE_FIELD_ID, SEARCH_FIELD_ID } from './chat';
import { ConnectionBanner } from './ui/ConnectionBanner';
import { HearthMark } from './ui/HearthMark';
import { NoticeList } from './ui/NoticeList';
import { ViewBoundary } from './ui/ViewBoundary';
import { QuestionDialogs } from './dialogs';
import { BundleOpenerProvider } from './servers/bundles';
import { useConnectionStatus, useNotices, useSettings } from './lib/hooks';
import { NavigationContext, takeOpeningView, type Navigation, type View } from './lib/navigation';
import { isMac, shortcutFor, type ShortcutId } from './shortcuts';
import { ShortcutsHelp } from './ShortcutsHelp';
import { useTheme } from './lib/theme';

// The views besides the chat load when first opened: the first screen is the chat, and their
// script is a tenth of the interface's (bench: start.url_to_interactive_ms).
const ServersView = lazy(() =>
  import('./servers').then((module) => ({ default: module.ServersView })),
);
const SettingsView = lazy(() =>
  import('./settings').then((module) => ({ default: module.SettingsView })),
);
const AboutView = lazy(() => import('./about').then((module) => ({ default: module.AboutView })));

const VIEW_NAMES: Record<View, string> = {
  chat: 'The chat',
  servers: 'Servers',
  settings: 'Settings',
  about: 'About',
};

const SECONDARY_VIEWS: { id: Exclude<View, 'chat'>; label: string }[] = [
  { id: 'servers', label: 'Servers' },
  { id: 'settings', label: 'Settings' },
  { id: 'about', label: 'About' },
];

export function App({ connection }: { connection: Connection }) {
  const { api } = connection;
  const status = useConnectionStatus(connection);
  const settingsState = useSettings(api);
  const { notices, dismiss } = useNotices(api);
  const [place, setPlace] = useState<{ view: View; conversationId?: string; serverName?: string }>(
    () => ({
      view: takeOpeningView(window.location, (url) => window.history.replaceState(null, '', url)),
    }),
  );
  useTheme(settingsState.settings?.theme);
  // The server last shown in Servers, kept while the user is elsewhere.
  const [lastServer, setLastServer] = useState<string>();
  if (place.view === 'servers' && place.serverName !== lastServer) setLastServer(place.serverName);
  // The conversation last open, for going back to the chat from another view by the keyboard.
  const [lastConversation, setLastConversation] = useState<string>();
  if (place.view === 'chat' && place.conversationId !== lastConversation)
    setLastConversation(place.conversationId);

  const navigation = useMemo<Navigation>(
    () => ({
      view: place.view,
      conversationId: place.conversationId,
      serverName: place.serverName,
      openChat: (conversationId) => setPlace({ view: 'chat', conversationId }),
      // Coming back to Servers shows the server shown last; asked for none there, none.
      openServers: (serverName) =>
        setPlace({
          view: 'servers',
          serverName: serverName ?? (place.view === 'servers' ? undefined : lastServer),
        }),
      openSettings: () => setPlace({ view: 'settings' }),
      openAbout: () => setPlace({ view: 'about' }),
    }),
    [place, lastServer],
  );

  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const goTo = useCallback(
    (place: ShortcutId | 'servers' | 'about') => {
      if (place === 'new-chat') navigation.openChat();
      else if (place === 'servers') navigation.openServers();
      else if (place === 'settings') navigation.openSettings();
      else if (place === 'about') navigation.openAbout();
      else if (place === 'help') setShortcutsOpen(true);
      else if (place === 'search') document.getElementById(SEARCH_FIELD_ID)?.focus();
      else if (place === 'stop')
        document.querySelector<HTMLButtonElement>('button[data-action="stop"]')?.click();
      else {
        // The message field: in the chat, back on the conversation last open there.
        if (navigation.view !== 'chat') navigation.openChat(lastConversation);
        requestAnimationFrame(() => document.getElementById(MESSAGE_FIELD_ID)?.focus());
      }
    },
    [navigation, lastConversation],
  );

  // The desktop app's menu and tray ask for views (a new chat, Settings) through main.
  useEffect(
    () =>
      api.app.onNavigate(({ view }) =>
        goTo(view === 'shortcuts' ? 'help' : view === 'composer' ? 'composer' : view),
      ),
    [api, goTo],
  );

  // The keyboard shortcuts (renderer/src/shortcuts.ts); an open dialog keeps the keys to itself.
  useEffect(() => {
    const mac = isMac();
    const onKey = (event: KeyboardEvent) => {
      const shortcut = shortcutFor(event, mac);
      if (!shortcut || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      goTo(shortcut);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [goTo]);

  const open = (view: Exclude<View, 'chat'>) => {
    if (view === 'servers') navigation.openServers();
    else if (view === 'settings') navigation.openSettings();
    else navigation.openAbout();
  };

  return (
    <ApiContext.Provider value={api}>
      <NavigationContext.Provider value={navigation}>
        <BundleOpenerProvider>
          <div className="app-shell">
            <a className="skip-link" href="#main-content">
              Skip to content
            </a>
            <nav className="sidebar" aria-label="Main">
              <div className="brand">
                <HearthMark size={28} />
                <span>Hearth</span>
              </div>
              <section className="sidebar-conversations" aria-label="Conversations">
                <ConversationList />
              </section>
              <ul className="sidebar-views">
                {SECONDARY_VIEWS.map((item) => (
                  <li key={item.id}>
                    <button
                      type="button"
                      className="nav-item"
                      aria-current={place.view === item.id ? 'page' : undefined}
                      onClick={() => open(item.id)}
                    >
                      {item.label}
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
            <main id="main-content" tabIndex={-1} className={`content content-${place.view}`}>
              <ConnectionBanner status={status} />
              <NoticeList notices={notices} onDismiss={dismiss} />
              <ViewBoundary key={place.view} name={VIEW_NAMES[place.view]}>
                {place.view === 'chat' && <ChatView />}
                {place.view === 'servers' && <ServersView />}
                {place.view === 'settings' && <SettingsView state={settingsState} />}
                {place.view === 'about' && <AboutView />}
              </ViewBoundary>
            </main>
            <QuestionDialogs />
            <ShortcutsHelp open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
          </div>
        </BundleOpenerProvider>
      </NavigationContext.Provider>
    </ApiContext.Provider>
  );
}
