/**
 * "Attach a screenshot" in the desktop app: the whole screen, a window, or a region dragged over
 * the screen. Main lists what can be captured (or says in one sentence what the platform refuses
 * and where to allow it), captures the one chosen and holds it; what the user sees here is what
 * main keeps.
 */
import { useEffect, useRef, useState } from 'react';
import type { Api } from '../../../../../preload/api';
import type {
  ScreenCapture,
  ScreenRegion,
  Screenshot,
  ScreenSources,
} from '../../../../../preload/schemas/screen';
import { Dialog } from '../../../ui/Dialog';
import { defaultRegion, RegionSelector } from './RegionSelector';

type Mode = 'screen' | 'window' | 'region';

const MODES: { mode: Mode; label: string }[] = [
  { mode: 'screen', label: 'Whole screen' },
  { mode: 'window', label: 'A window' },
  { mode: 'region', label: 'A region' },
];

function messageOf(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

export function ScreenshotPicker({
  api,
  onAttached,
  onClose,
}: {
  api: Api;
  onAttached(shot: Screenshot): void;
  onClose(): void;
}) {
  const [mode, setMode] = useState<Mode>('screen');
  const [listed, setListed] = useState<ScreenSources>();
  const [capture, setCapture] = useState<ScreenCapture>();
  const [region, setRegion] = useState<ScreenRegion>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const attachButton = useRef<HTMLButtonElement>(null);
  const regionFrame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    api.screen.sources().then(
      (answer) => live && setListed(answer),
      (reason: unknown) => live && setProblem(messageOf(reason)),
    );
    return () => {
      live = false;
    };
  }, [api]);
  // The next step's first control takes focus: the region itself, or Attach.
  useEffect(() => {
    if (!capture) return;
    if (mode === 'region')
      regionFrame.current?.querySelector<HTMLElement>('.region-frame')?.focus();
    else attachButton.current?.focus();
  }, [capture, mode]);

  const close = () => {
    if (capture) void api.screen.discard(capture.captureId).catch(() => false);
    onClose();
  };
  const take = async (sourceId: string) => {
    setBusy(true);
    setProblem(undefined);
    try {
      const taken = await api.screen.capture(sourceId);
      setCapture(taken);
      setRegion(defaultRegion(taken));
    } catch (reason) {
      setProblem(messageOf(reason));
    } finally {
      setBusy(false);
    }
  };
  const attach = async () => {
    if (!capture) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const shot = await api.screen.keep(capture.captureId, mode === 'region' ? region : undefined);
      onAttached(shot);
    } catch (reason) {
      setProblem(messageOf(reason));
      setBusy(false);
    }
  };
  const back = () => {
    if (capture) void api.screen.discard(capture.captureId).catch(() => false);
    setCapture(undefined);
    setProblem(undefined);
  };

  const kind = mode === 'window' ? 'window' : 'screen';
  const sources = listed?.sources.filter((source) => source.kind === kind) ?? [];

  return (
    <Dialog
      open
      title="Attach a screenshot"
      className="screenshot-dialog"
      onCancel={close}
      actions={
        capture ? (
          <>
            <button type="button" className="button" onClick={back}>
              Back
            </button>
            <button
              ref={attachButton}
              type="button"
              className="button primary"
              disabled={busy}
              onClick={() => void attach()}
            >
              {mode === 'region' ? 'Attach the region' : 'Attach'}
            </button>
          </>
        ) : (
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
        )
      }
    >
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      {capture ? (
        mode === 'region' && region ? (
          <div ref={regionFrame}>
            <RegionSelector
              preview={capture.preview}
              size={capture}
              region={region}
              onChange={setRegion}
              onTake={() => void attach()}
            />
          </div>
        ) : (
          <figure className="screenshot-preview">
            <img src={capture.preview} alt={`The screenshot: ${capture.name}`} />
            <figcaption className="muted">
              {capture.width} × {capture.height} pixels
            </figcaption>
          </figure>
        )
      ) : (
        <>
          <fieldset className="screenshot-modes">
            <legend>What to capture</legend>
            {MODES.map((entry) => (
              <label key={entry.mode}>
                <input
                  type="radio"
                  name="screenshot-mode"
                  checked={mode === entry.mode}
                  onChange={() => setMode(entry.mode)}
                />
                {entry.label}
              </label>
            ))}
          </fieldset>
          {listed?.refusal && (
            <p className="notice notice-warning" role="alert">
              {listed.refusal}
            </p>
          )}
          {!listed && !problem && <p className="muted">Looking for screens and windows…</p>}
          {listed && !listed.refusal && sources.length === 0 && (
            <p className="muted">
              {kind === 'window' ? 'No window can be captured.' : 'No screen can be captured.'}
            </p>
          )}
          <ul className="screenshot-sources" aria-label={kind === 'window' ? 'Windows' : 'Screens'}>
            {sources.map((source) => (
              <li key={source.id}>
                <button
                  type="button"
                  className="screenshot-source"
                  disabled={busy}
                  onClick={() => void take(source.id)}
                >
                  <img src={source.thumbnail} alt="" />
                  <span>{source.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}
