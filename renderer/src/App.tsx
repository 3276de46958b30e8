/**
 * The app shell: the sidebar (conversations, then Servers, Settings and About), the current view,
 * the notices main raises, the bridge's connection state, and the dialogs for questions main asks
 * (tool approvals, sudo passwords), which stay mounted whatever the view.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Connection } from './bridge/connect';
import { ApiContext } from './apiContext';
import { ChatView } from './chat/ChatView';
import { ConversationList } from './chat/ConversationList';
import { ConnectionBanner } from './components/ConnectionBanner';
import { HearthMark } from './components/HearthMark';
import { NoticeList } from './components/NoticeList';
import { QuestionDialogs } from './dialogs/QuestionDialogs';
import { useConnectionStatus, useNotices, useSettings } from './hooks';
import { NavigationContext, takeOpeningView, type Navigation, type View } from './navigation';
import { ServersView } from './servers/ServersView';
import { useTheme } from './theme';
import { AboutView } from './views/AboutView';
import { SettingsView } from './views/SettingsView';

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

  // The desktop app's menu and tray ask for views (a new chat, Settings) through main.
  useEffect(
    () =>
      api.app.onNavigate(({ view }) => {
        if (view === 'new-chat') navigation.openChat();
        else if (view === 'servers') navigation.openServers();
        else if (view === 'settings') navigation.openSettings();
        else navigation.openAbout();
      }),
    [api, navigation],
  );

  const open = (view: Exclude<View, 'chat'>) => {
    if (view === 'servers') navigation.openServers();
    else if (view === 'settings') navigation.openSettings();
    else navigation.openAbout();
  };

  return (
    <ApiContext.Provider value={api}>
      <NavigationContext.Provider value={navigation}>
        <div className="app-shell">
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
          <main className={`content content-${place.view}`}>
            <ConnectionBanner status={status} />
            <NoticeList notices={notices} onDismiss={dismiss} />
            {place.view === 'chat' && <ChatView />}
            {place.view === 'servers' && <ServersView />}
            {place.view === 'settings' && <SettingsView state={settingsState} />}
            {place.view === 'about' && <AboutView />}
          </main>
          <QuestionDialogs />
        </div>
      </NavigationContext.Provider>
    </ApiContext.Provider>
  );
}
