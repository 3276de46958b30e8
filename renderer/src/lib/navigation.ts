/** Where the main window is: which view, and which conversation or server within it. */
import { createContext, useContext } from 'react';

export type View = 'chat' | 'servers' | 'settings' | 'about';

export interface Navigation {
  view: View;
  /** The open conversation; undefined for a new, empty one. */
  conversationId: string | undefined;
  /** The server selected in the Servers view. */
  serverName: string | undefined;
  openChat(conversationId?: string): void;
  openServers(serverName?: string): void;
  openSettings(): void;
  openAbout(): void;
}

export const NavigationContext = createContext<Navigation | undefined>(undefined);

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation() needs a <NavigationContext.Provider> above it');
  return navigation;
}

/**
 * The view an address asks the main app to open on (`?open=servers`, from the popup in the
 * browser host), taken out of the address so a reload opens where the user is.
 */
export function takeOpeningView(
  location: Pick<Location, 'href'>,
  replace: (url: string) => void,
): View {
  const url = new URL(location.href);
  const asked = url.searchParams.get('open');
  if (asked === null) return 'chat';
  url.searchParams.delete('open');
  replace(url.pathname + url.search + url.hash);
  return asked === 'servers' || asked === 'settings' || asked === 'about' ? asked : 'chat';
}
