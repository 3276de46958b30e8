/**
 * In an approval of a sandboxed server's call, while its "Don't ask for calls this sandbox makes
 * harmless" is off: the offer to turn it on where main allows it (from the next call; this one
 * still waits for the answer), or why its calls ask, in words.
 */
import { useState } from 'react';
import { useApi } from '../lib/apiContext';
import { messageOf } from '../lib/hooks';
import { revealHidden } from '../lib/revealHidden';
import { InlineError } from '../ui/InlineError';
import type { ApprovalRequest } from './useQuestionQueue';

export function HarmlessOffer({ request }: { request: ApprovalRequest }) {
  const api = useApi();
  const [turnedOn, setTurnedOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const offer = request.harmlessCalls;
  if (!offer) return null;
  const server = revealHidden(request.server);
  if (!offer.allowed)
    return (
      <p className="question-harmless muted" role="note">
        Calls of {server} ask each time here: {offer.reason}
      </p>
    );
  const turnOn = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await api.servers.setHarmlessCalls(request.server, true);
      setTurnedOn(true);
    } catch (reason) {
      setError(messageOf(reason));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="question-harmless" role="note">
      {turnedOn ? (
        <p role="status">
          From the next call, {server}’s calls run without asking while its sandbox stays as it is.
          This call still waits for your answer.
        </p>
      ) : (
        <>
          <p>
            Its sandbox keeps it off the network and writing only in its own folder, and your model
            runs on this computer: its calls could run without asking.
          </p>
          <button
            type="button"
            className="button small"
            disabled={busy}
            onClick={() => void turnOn()}
          >
            Don’t ask for {server}’s calls
          </button>
        </>
      )}
      <InlineError message={error} />
    </div>
  );
}
