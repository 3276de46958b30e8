/**
 * Word that another branch of a conversation is now on screen in main (a search hit opened the
 * version it found): the open chat reads the conversation again, whichever part of the page
 * moved the branch. Main sends no event for it; only this page's own choice moves it.
 */
import { useEffect, useRef } from 'react';

const listeners = new Set<(conversationId: string) => void>();

export function announceBranchShown(conversationId: string): void {
  for (const listener of listeners) listener(conversationId);
}

export function useBranchShown(onShown: (conversationId: string) => void): void {
  const latest = useRef(onShown);
  useEffect(() => {
    latest.current = onShown;
  }, [onShown]);
  useEffect(() => {
    const listener = (conversationId: string) => latest.current(conversationId);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
}
