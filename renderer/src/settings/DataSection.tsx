/** The Data section: where Hearth keeps its files, and a confirmed reset of every setting. */
import { useEffect, useState } from 'react';
import type { Api } from '../../../preload/api';
import type { AppInfo } from '../../../preload/contract';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { messageOf } from '../lib/hooks';
import { Section } from './fields';

/** Where Hearth keeps its files, and the way back to every default. */
export function DataSection({ api, onReset }: { api: Api; onReset(): Promise<void> }) {
  const [info, setInfo] = useState<AppInfo>();
  const [message, setMessage] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);
  useEffect(() => {
    let live = true;
    api.app.info().then(
      (value) => live && setInfo(value),
      (reason: unknown) =>
        live && setMessage(`Could not ask for the data folder: ${messageOf(reason)}`),
    );
    return () => void (live = false);
  }, [api]);

  const copy = async (dataDir: string) => {
    try {
      await navigator.clipboard.writeText(dataDir);
      setMessage('Copied the folder’s path.');
    } catch {
      setMessage('Could not copy; select the path and copy it yourself.');
    }
  };
  const reset = async () => {
    setResetting(true);
    try {
      // Main answers with the defaults and tells every window (settings:changed).
      await api.settings.reset();
      setMessage('Every setting is back to its default.');
      await onReset();
    } catch (reason) {
      setMessage(`Could not reset the settings: ${messageOf(reason)}`);
    } finally {
      setResetting(false);
      setConfirming(false);
    }
  };

  return (
    <Section title="Data">
      {info && (
        <div className="field">
          <span>Data folder</span>
          <div className="settings-inline">
            <code className="settings-path">{info.dataDir}</code>
            <button type="button" className="button small" onClick={() => void copy(info.dataDir)}>
              Copy
            </button>
          </div>
        </div>
      )}
      <div>
        <button type="button" className="button danger" onClick={() => setConfirming(true)}>
          Reset all settings
        </button>
      </div>
      {message && <p role="status">{message}</p>}
      {confirming && (
        <ConfirmDialog
          title="Reset all settings?"
          confirmLabel="Reset"
          busy={resetting}
          onConfirm={() => void reset()}
          onCancel={() => setConfirming(false)}
        >
          <p>
            Every setting on this page goes back to its default. Conversations, servers and the
            Ollama headers stay.
          </p>
        </ConfirmDialog>
      )}
    </Section>
  );
}
