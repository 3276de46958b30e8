/**
 * What `context/` gives a turn: the saved conversation fitted to one request. The steps, each in
 * its own file: the recent part a request could hold (recentWindow.ts), converted to Ollama's
 * shape (ollamaMessages.ts), the window asked for and what fits it (numCtx.ts `sizeWindow`), the
 * oldest turns dropped when even that is short (dropOldestTurns.ts).
 */
import type { StoredMessage } from '../../history';
import { estimateTokens, MESSAGE_OVERHEAD_TOKENS } from './dropOldestTurns';
import {
  contextLimit,
  estimateJsonTokens,
  sizeWindow,
  type SizedWindow,
  type SizeWindowInput,
} from './numCtx';
import { toOllamaMessages } from './ollamaMessages';
import { recentWindow } from './recentWindow';
import type { FileImages } from './attachments';

/**
 * The saved conversation as one request sends it: its recent part converted to Ollama's shape
 * and sized to `num_ctx`, as `sizeWindow` over all of it would give.
 */
export function fitConversation(
  input: Omit<SizeWindowInput, 'messages' | 'toolsTokens' | 'before'> & {
    messages: readonly StoredMessage[];
    vision: boolean;
    /** Where attached files' images are read from. */
    files?: FileImages;
  },
): SizedWindow {
  const toolsTokens = estimateJsonTokens(input.toolsJson);
  const recent = recentWindow(
    input.messages,
    contextLimit(input) -
      MESSAGE_OVERHEAD_TOKENS -
      estimateTokens(input.system) -
      (input.summary === undefined ? 0 : MESSAGE_OVERHEAD_TOKENS + estimateTokens(input.summary)) -
      toolsTokens,
  );
  return sizeWindow({
    ...input,
    messages: toOllamaMessages(recent.messages, input.vision, input.files),
    toolsTokens,
    ...(recent.cut ? { before: { leftOut: recent.leftOut } } : {}),
  });
}
