/**
 * "Don't ask for calls this sandbox makes harmless" on a sandboxed server's page: off by default;
 * greyed out, with the reason in plain words, where its sandbox does not bound what a call can do
 * (main decides: electron/core/mcp/config/harmlessCalls.ts). Read again whenever how the server
 * runs changes, since a restart under a changed policy turns it off.
 */
import { useEffect, useId, useState } from 'react';
import type { HarmlessCalls, ServerStatus } from '../../../../preload/schemas/servers';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { InlineError } from '../../ui/InlineError';

export function HarmlessCallsSwitch({ server, status }: { server: string; status: ServerStatus }) {
  const api = useApi();
  const [state, setState] = useState<HarmlessCalls>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const hintId = useId();
  const runs = `${status.state} ${status.sandbox?.state ?? ''}`;
  useEffect(() => {
    let live = true;
    api.servers.harmlessCalls(server).then(
      (next) => live && setState(next),
      (reason: unknown) => live && setError(messageOf(reason)),
    );
    return () => {
      live = false;
    };
  }, [api, server, runs]);
  if (!state) return <InlineError message={error} />;
  const change = async (on: boolean) => {
    setBusy(true);
    setError(undefined);
    try {
      setState(await api.servers.setHarmlessCalls(server, on));
    } catch (reason) {
      setError(messageOf(reason));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="harmless-calls" role="group" aria-label="Calls without asking">
      <label className="choice">
        <input
          type="checkbox"
          checked={state.on}
          disabled={busy || (!state.on && !state.allowed)}
          aria-describedby={hintId}
          onChange={(event) => void change(event.target.checked)}
        />
        Don’t ask for calls this sandbox makes harmless
      </label>
      <p id={hintId} className="field-hint">
        {hintOf(state)}
      </p>
      <InlineError message={error} />
    </div>
  );
}

function hintOf(state: HarmlessCalls): string {
  const what =
    'Its calls run without a question while it runs in the sandbox with no network and writes only in its own folder, and the conversation’s model runs on this computer. Any change to its sandbox turns this off.';
  if (state.allowed) return what;
  return state.on
    ? `On, but its calls ask for now: ${state.reason ?? ''}`
    : `Not available: ${state.reason ?? ''}`;
}
