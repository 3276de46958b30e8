/** The state of an answer on its way to main: buttons wait while it travels, a failure is shown. */
import { useCallback, useRef, useState } from 'react';
import { messageOf } from '../lib/hooks';

export interface Sending<Answer> {
  busy: boolean;
  failure: string | undefined;
  /** Sends one answer at a time; on success the caller removes the dialog, so no state is set after. */
  send(answer: Answer): Promise<void>;
}

export function useSending<Answer>(deliver: (answer: Answer) => Promise<void>): Sending<Answer> {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  // A second answer (Escape after a click) must not reach main while the first is on its way.
  const sending = useRef(false);
  const send = useCallback(
    async (answer: Answer) => {
      if (sending.current) return;
      sending.current = true;
      setBusy(true);
      setFailure(undefined);
      try {
        await deliver(answer);
      } catch (reason) {
        setFailure(`Your answer did not reach Hearth: ${messageOf(reason)}`);
        sending.current = false;
        setBusy(false);
      }
    },
    [deliver],
  );
  return { busy, failure, send };
}
