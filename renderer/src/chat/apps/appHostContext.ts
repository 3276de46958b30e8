/**
 * What the chat around an MCP App offers it: a message the app writes goes into the composer,
 * for the user to read and send (or not); an app never sends on its own.
 */
import { createContext } from 'react';

export interface AppHost {
  onAppMessage?(text: string): void;
}

export const AppHostContext = createContext<AppHost>({});
