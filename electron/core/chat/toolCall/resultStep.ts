/**
 * The last step of every tool call: what its server answered becomes what the model reads, cut
 * to the user's limit on a result's length, with the images a model may see. A call answered
 * live (toolCallRunner.ts) and a task's result saved after a restart (lateTaskResults.ts) both
 * end here, so the two cannot drift apart.
 */
import type { CallToolResult } from '@modelcontextprotocol/client';
import {
  DEFAULT_IMAGE_BOUNDS,
  resultForModel,
  type ServerCallOutcome,
  type ToolImage,
} from '../../mcp';

export interface ResultStep {
  state: 'done' | 'failed' | 'cancelled';
  /** What the model reads as the tool message. */
  content: string;
  /** Images sent with the tool message (only when images were asked for). */
  images: ToolImage[];
  /** What the call's card says: the server's error, or what the model saw of the images. */
  card: string | undefined;
  /** The server's whole result, for the card. */
  result?: CallToolResult;
}

export function resultStep(
  outcome: ServerCallOutcome,
  options: { maxChars: number; images: boolean },
): ResultStep {
  if (!outcome.ok) {
    return {
      state: outcome.cancelled ? 'cancelled' : 'failed',
      content: `Error: ${outcome.message}`,
      images: [],
      card: outcome.message,
    };
  }
  const forModel = resultForModel(outcome.result, {
    maxChars: options.maxChars,
    ...(options.images ? { images: DEFAULT_IMAGE_BOUNDS } : {}),
  });
  const images = forModel.images ?? [];
  return {
    state: outcome.result.isError ? 'failed' : 'done',
    content: forModel.text,
    images,
    card: imagesNote(images.length, forModel.imagesLeftOut ?? 0),
    result: outcome.result,
  };
}

/** "The image was shown to the model", and how many were not, for a model that can see. */
function imagesNote(sent: number, leftOut: number): string | undefined {
  if (sent === 0 && leftOut === 0) return undefined;
  const shown =
    sent === 0
      ? 'No image was shown to the model'
      : sent === 1
        ? 'The image was shown to the model'
        : `${sent} images were shown to the model`;
  const rest =
    leftOut === 0
      ? ''
      : `; ${leftOut} ${leftOut === 1 ? 'was' : 'were'} left out (over the limit or of a kind it cannot read)`;
  return `${shown}${rest}.`;
}
