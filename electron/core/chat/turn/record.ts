/**
 * The one place a tool call's answer becomes visible and kept: its card's last state is shown,
 * the call's outcome is set on the saved assistant message (so history shows how it ended), and
 * its tool message is saved at once. A tool that ran counts as read for the calls after it, and
 * tool selection may learn from it.
 */
import { toolImagesAttachment } from '../toolCall/toolImages';
import { turnQuery } from '../offer/turnOffer';
import type { CallAnswer, Turn } from './types';

export function record(
  turn: Turn,
  assistantId: number | undefined,
  answer: CallAnswer,
  readBefore: { server: string; tool: string }[],
): void {
  const { options } = turn;
  if (answer.card) options.events.toolCall(answer.card);
  if (answer.ran) options.learn?.(turnQuery(options.opening, options.earlier), answer.ran);
  if (assistantId !== undefined)
    options.history.setToolCallOutcome(
      options.conversationId,
      assistantId,
      answer.callId,
      answer.outcome,
      answer.appStructuredContent ? { appStructuredContent: answer.appStructuredContent } : {},
    );
  turn.save([
    {
      role: 'tool',
      content: answer.content,
      toolCallId: answer.callId,
      toolName: answer.modelName,
      // The images a model that can see was sent, so later rounds send them again.
      ...(answer.images?.length && answer.card
        ? { attachments: [toolImagesAttachment(answer.card, answer.images)] }
        : {}),
    },
  ]);
  const ran = answer.ran;
  if (ran && !readBefore.some((read) => read.server === ran.server && read.tool === ran.tool))
    readBefore.push({ server: ran.server, tool: ran.tool });
}
