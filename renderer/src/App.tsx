/**
 * The app shell: navigation, the notices main raises, the connection state of the bridge, and
 * the current view.
 */
import { useState } from 'react';
import type { Connection } from './bridge/connect';
import { ApiContext } from './apiContext';
import { ConnectionBanner } from './components/ConnectionBanner';
import { NoticeList } from './components/NoticeList';
import { useConnectionStatus, useNotices, useSettings } from './hooks';
import { useTheme } from './theme';
import { AboutView } from './views/AboutView';
import { SettingsView } from './views/SettingsView';
import { HearthMark } from './components/HearthMark';

const VIEWS = [
  { id: 'about', label: 'About' },
  { id: 'settings', label: 'Settings' },
] as const;
type ViewId = (typeof VIEWS)[number]['id'];

export function App({ connection }: { connection: Connection }) {
  const { api } = connection;
  const status = useConnectionStatus(connection);
  const settingsState = useSettings(api);
  const { notices, dismiss } = useNotices(api);
  const [view, setView] = useState<ViewId>('about');
  useTheme(settingsState.settings?.theme);

  return (
    <ApiContext.Provider value={api}>
      <div className="app-shell">
        <nav className="sidebar" aria-label="Main">
          <div className="brand">
            <HearthMark size={28} />
            <span>Hearth</span>
          </div>
          <ul>
            {VIEWS.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="nav-item"
                  aria-current={view === item.id ? 'page' : undefined}
                  onClick={() => setView(item.id)}
                >
                  {item.label}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <main className="content">
          <ConnectionBanner status={status} />
          <NoticeList notices={notices} onDismiss={dismiss} />
          {view === 'settings' ? <SettingsView state={settingsState} /> : <AboutView />}
        </main>
      </div>
    </ApiContext.Provider>
  );
}
