/**
 * The id of the conversation the chat view shows, for parts deep in a message that read more of
 * it on demand (the rest of a tool result sent shortened).
 */
import { createContext, useContext } from 'react';

export const OpenConversationContext = createContext<string | undefined>(undefined);

export function useOpenConversationId(): string | undefined {
  return useContext(OpenConversationContext);
}
