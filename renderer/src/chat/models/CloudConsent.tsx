/**
 * Asked once before the first message to a cloud model (Ollama lists it with `remote_host`): it
 * runs on ollama.com, so the user's messages and tool results leave this computer. The answer is
 * remembered per model in Settings (`ollama.cloudModelsAllowed`); a local model is never asked.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Settings, SettingsPatch } from '../../../../preload/contract';
import { Dialog } from '../../ui/Dialog';
import { sameModel } from './modelFacts';

interface Pending {
  model: string;
  answer(allowed: boolean): void;
}

export function useCloudConsent(options: {
  settings: Settings | undefined;
  update(patch: SettingsPatch): Promise<unknown>;
  /** Whether the model runs on ollama.com, as Ollama's model list says. */
  isCloud(model: string): boolean;
}): { confirm(model: string): Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending>();
  // Agreed in this view before Settings came back with the list.
  const agreed = useRef(new Set<string>());
  // The latest options, so `confirm` stays one function and callbacks built on it stay memoized.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const confirm = useCallback((model: string): Promise<boolean> => {
    const { settings, isCloud } = latest.current;
    const allowed =
      agreed.current.has(model) ||
      (settings?.ollama.cloudModelsAllowed ?? []).some((name) => sameModel(name, model));
    if (!model || !isCloud(model) || allowed) return Promise.resolve(true);
    return new Promise((resolve) => setPending({ model, answer: resolve }));
  }, []);

  const answer = (yes: boolean) => {
    if (!pending) return;
    setPending(undefined);
    if (yes) {
      agreed.current.add(pending.model);
      const list = options.settings?.ollama.cloudModelsAllowed ?? [];
      void options
        .update({ ollama: { cloudModelsAllowed: [...list, pending.model] } })
        .catch(() => undefined);
    }
    pending.answer(yes);
  };

  const dialog = (
    <Dialog
      title="Send this to ollama.com?"
      open={pending !== undefined}
      onCancel={() => answer(false)}
      actions={
        <>
          <button type="button" className="button" onClick={() => answer(false)}>
            Cancel
          </button>
          <button type="button" className="button primary" onClick={() => answer(true)}>
            Send with {pending?.model}
          </button>
        </>
      }
    >
      <p>
        “{pending?.model}” is a cloud model: it runs on ollama.com, so your messages and tool
        results leave this computer.
      </p>
      <p className="muted">
        Hearth asks once for each cloud model. A local model keeps everything here.
      </p>
    </Dialog>
  );
  return { confirm, dialog };
}
