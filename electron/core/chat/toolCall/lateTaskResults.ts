/**
 * A task picked up after a restart finished: its result is saved as the answer to the call that
 * started it, as a turn that had stayed open would have saved it, so the conversation shows it
 * and the model reads it next time. A call answered meanwhile is left as it is. Its images are
 * kept with it within the usual bounds (the next turn's model may see; toolImages.ts decides).
 */
import type { EventHub } from '../../bridge/events';
import type { ConversationStore } from '../../history';
import type { PendingTask, ServerCallOutcome } from '../../mcp';
import { resultStep } from './resultStep';
import { toolImagesAttachment } from './toolImages';
import { findUnansweredCalls } from './unansweredCalls';

/** Messages read to find the call: a task's call is among a conversation's latest ones. */
const LATEST_MESSAGES = 400;

export function saveLateTaskResult(
  history: ConversationStore,
  events: EventHub,
  task: PendingTask,
  outcome: ServerCallOutcome,
  maxResultChars: number,
): boolean {
  if (!task.callId || !task.conversationId) return false;
  const page = history.messagePage(task.conversationId, LATEST_MESSAGES);
  const waiting = page
    ? findUnansweredCalls(page.messages).find(({ call }) => call.id === task.callId)
    : undefined;
  if (!waiting) return false;
  // The same last step as a live call's; its images are kept whatever the model (see above).
  const { state, content, images } = resultStep(outcome, {
    maxChars: maxResultChars,
    images: true,
  });
  const saved = history.append(task.conversationId, [
    {
      role: 'tool',
      content,
      toolCallId: task.callId,
      toolName: waiting.call.modelName,
      ...(images.length ? { attachments: [toolImagesAttachment(task, images)] } : {}),
    },
  ]);
  history.setToolCallOutcome(
    task.conversationId,
    waiting.messageId,
    task.callId,
    state === 'done' ? 'done' : 'failed',
  );
  for (const message of saved)
    events.emit('chat:message', { conversationId: task.conversationId, message });
  return true;
}
