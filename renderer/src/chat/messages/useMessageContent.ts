/**
 * Reads the whole content of a saved message that main sent shortened, a page at a time (pages
 * stay within the bridge's message size), when the user asks for it.
 */
import { useCallback, useState } from 'react';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';

/** The largest page `conversations:messageContent` gives. */
const PAGE_CHARS = 1_000_000;

export type WholeContent =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'loaded'; text: string }
  | { state: 'failed'; message: string };

export function useMessageContent(
  conversationId: string | undefined,
  messageId: number,
): { whole: WholeContent; load(): void } {
  const api = useApi();
  const [whole, setWhole] = useState<WholeContent>({ state: 'idle' });
  const load = useCallback(() => {
    if (!conversationId) {
      setWhole({ state: 'failed', message: 'This conversation is no longer open.' });
      return;
    }
    setWhole({ state: 'loading' });
    void (async () => {
      try {
        const pages: string[] = [];
        let read = 0;
        for (;;) {
          const page = await api.conversations.messageContent(
            conversationId,
            messageId,
            read,
            PAGE_CHARS,
          );
          if (!page) throw new Error('This result is no longer in the conversation.');
          pages.push(page.text);
          read += page.text.length;
          if (read >= page.total || page.text.length === 0) break;
        }
        setWhole({ state: 'loaded', text: pages.join('') });
      } catch (error) {
        setWhole({ state: 'failed', message: messageOf(error) });
      }
    })();
  }, [api, conversationId, messageId]);
  return { whole, load };
}
