/**
 * The questions main asks during a turn, one dialog at a time, oldest first. Mounted once by the
 * app shell; a window opened mid-turn still sees what is waiting.
 */
import { useApi } from '../lib/apiContext';
import { ApprovalDialog } from './ApprovalDialog';
import { ElicitationDialog } from './ElicitationDialog';
import { SamplingDialog } from './SamplingDialog';
import { SudoDialog } from './SudoDialog';
import { useQuestionQueue } from './useQuestionQueue';

export function QuestionDialogs() {
  const api = useApi();
  const { questions, remove } = useQuestionQueue(api);
  const [current] = questions;
  if (!current) return null;
  const waiting = questions.length - 1;
  const subtitle = waiting > 0 ? `${waiting} more waiting` : undefined;
  const { requestId } = current.request;
  // An answer main no longer wants (answered elsewhere, expired) resolves false: drop it too.
  const settle = (answered: Promise<boolean>) => answered.then(() => remove(requestId));

  // Keyed by request, so nothing typed for one question (a password, a reason) shows in the next.
  switch (current.kind) {
    case 'approval':
      return (
        <ApprovalDialog
          key={requestId}
          request={current.request}
          subtitle={subtitle}
          onAnswer={(answer) => settle(api.approval.respond(requestId, answer))}
        />
      );
    case 'sudo':
      return (
        <SudoDialog
          key={requestId}
          request={current.request}
          subtitle={subtitle}
          onAnswer={(password) => settle(api.sudo.respond(requestId, password))}
        />
      );
    case 'elicitation':
      return (
        <ElicitationDialog
          key={requestId}
          request={current.request}
          subtitle={subtitle}
          onAnswer={(answer) => settle(api.elicitation.respond(requestId, answer))}
        />
      );
    case 'sampling':
      return (
        <SamplingDialog
          key={requestId}
          request={current.request}
          subtitle={subtitle}
          onAnswer={(answer) => settle(api.sampling.respond(requestId, answer))}
        />
      );
  }
}
