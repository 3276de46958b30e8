/**
 * The turn's side of tool offering: the choice made once per turn (every tool when no chooser
 * is wired in, as in tests of the loop alone), and the record kept with each reply of what its
 * request carried.
 */
import type { RequestFacts } from '../../../../preload/schemas/chat';
import type { NewMessage } from '../../history';
import type { OfferInput, OfferTools } from './toolOffer';
import { offeredTool, type ToolOffer } from './types';

/** The tools this turn offers; every enabled one when there is no chooser. */
export async function offerForTurn(
  offerTools: OfferTools | undefined,
  input: OfferInput,
): Promise<ToolOffer> {
  if (offerTools && input.tools.length > 0) return offerTools(input);
  return {
    tools: input.tools,
    offered: input.tools.map((tool) => offeredTool(tool, 'all')),
    available: input.tools.length,
    budget: input.tools.length,
  };
}

/** The user's words this turn answers: its last user message. */
export function turnQuery(
  opening: readonly NewMessage[],
  /** A regenerated reply opens with nothing: its question is the branch's last user message. */
  earlier: readonly NewMessage[] = [],
): string {
  const asked = (messages: readonly NewMessage[]) =>
    messages.findLast((message) => message.role === 'user')?.content;
  return (opening.length > 0 ? asked(opening) : asked(earlier)) ?? '';
}

/** What one request carried, for the reply's record and the chat's disclosure. */
export function requestFacts(
  offer: ToolOffer,
  sized: { numCtx: number; droppedMessages: number; estimatedTokens: number },
): RequestFacts {
  return {
    tools: offer.offered,
    toolsAvailable: offer.available,
    numCtx: sized.numCtx,
    droppedMessages: sized.droppedMessages,
    estimatedTokens: sized.estimatedTokens,
    ...(offer.unmatched ? { nothingMatched: true } : {}),
  };
}
