/**
 * The questions main is waiting on (tool approvals, sudo passwords, servers asking for
 * information or to use the model), oldest first: those already
 * waiting when the window opened, then each new one as it arrives, each gone once it is resolved
 * here, in another window, by a stopped turn or by a prompt that expired.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Api } from '../../../preload/api';
import type { EventPayload } from '../../../preload/contract';

export type ApprovalRequest = EventPayload<'approval:request'>;
export type SudoRequest = EventPayload<'sudo:request'>;
export type ElicitationRequest = EventPayload<'elicitation:request'>;
export type SamplingRequest = EventPayload<'sampling:request'>;

export type Question =
  | { kind: 'approval'; request: ApprovalRequest }
  | { kind: 'sudo'; request: SudoRequest }
  | { kind: 'elicitation'; request: ElicitationRequest }
  | { kind: 'sampling'; request: SamplingRequest };

export interface QuestionQueue {
  /** Oldest first; the first one is the one on screen. */
  questions: Question[];
  /** Drops a question the user answered, without waiting for main's `resolved` event. */
  remove(requestId: string): void;
}

const idOf = (question: Question) => question.request.requestId;

/** Subscribes before loading, so a question asked while `questions:pending` is on its way is kept. */
export function useQuestionQueue(api: Api): QuestionQueue {
  const [questions, setQuestions] = useState<Question[]>([]);
  // Ids resolved since mount: a pending list that answers late must not bring them back.
  const resolved = useRef(new Set<string>());

  const remove = useCallback((requestId: string) => {
    resolved.current.add(requestId);
    setQuestions((all) => all.filter((question) => idOf(question) !== requestId));
  }, []);

  useEffect(() => {
    let live = true;
    const add = (question: Question) => {
      if (resolved.current.has(idOf(question))) return;
      setQuestions((all) =>
        all.some((known) => idOf(known) === idOf(question)) ? all : [...all, question],
      );
    };
    const stops = [
      api.approval.onRequest((request) => add({ kind: 'approval', request })),
      api.sudo.onRequest((request) => add({ kind: 'sudo', request })),
      api.elicitation.onRequest((request) => add({ kind: 'elicitation', request })),
      api.sampling.onRequest((request) => add({ kind: 'sampling', request })),
      api.approval.onResolved(({ requestId }) => remove(requestId)),
      api.sudo.onResolved(({ requestId }) => remove(requestId)),
      api.elicitation.onResolved(({ requestId }) => remove(requestId)),
      api.sampling.onResolved(({ requestId }) => remove(requestId)),
    ];
    api.questions.pending().then(
      (pending) => {
        if (!live) return;
        const waiting: Question[] = [
          ...pending.approvals.map((request) => ({ kind: 'approval' as const, request })),
          ...pending.sudo.map((request) => ({ kind: 'sudo' as const, request })),
          ...pending.elicitations.map((request) => ({ kind: 'elicitation' as const, request })),
          ...pending.samplings.map((request) => ({ kind: 'sampling' as const, request })),
        ].filter((question) => !resolved.current.has(idOf(question)));
        // What was already waiting is older than anything that arrived while we asked.
        setQuestions((all) => [
          ...waiting.filter((question) => !all.some((known) => idOf(known) === idOf(question))),
          ...all,
        ]);
      },
      // Without the list, questions asked from now on still show; the chat marks older ones.
      () => undefined,
    );
    return () => {
      live = false;
      for (const stop of stops) stop();
    };
  }, [api, remove]);

  return { questions, remove };
}
