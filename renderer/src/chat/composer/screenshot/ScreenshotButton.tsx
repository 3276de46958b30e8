/**
 * "Attach a screenshot" on the composer, in the main window and the popup. In the desktop app it
 * opens the picker (main captures through Electron); in the browser host it runs the browser's
 * own screen-capture prompt and turns one frame into a PNG file, attached as any file is.
 */
import { useState } from 'react';
import type { Api } from '../../../../../preload/api';
import type { Screenshot } from '../../../../../preload/schemas/screen';
import { useDesktopHost } from '../../../lib/hooks';
import { displayMediaProblem, takeBrowserScreenshot } from './browserScreenshot';
import { ScreenshotPicker } from './ScreenshotPicker';
import './screenshot.css';

export function ScreenshotButton({
  api,
  disabled,
  onKept,
  onFile,
  onProblem,
}: {
  api: Api;
  disabled?: boolean;
  /** Desktop: main captured it and kept it in the file store already. */
  onKept(shot: Screenshot): void;
  /** Browser host: a PNG file, for the composer to attach as any file (its `addFiles`). */
  onFile(file: File): void;
  onProblem(sentence: string): void;
}) {
  const desktop = useDesktopHost(api);
  const [picking, setPicking] = useState(false);

  const inBrowser = async () => {
    try {
      const file = await takeBrowserScreenshot();
      if (file) onFile(file);
    } catch (reason) {
      const sentence = displayMediaProblem(reason);
      if (sentence) onProblem(sentence);
    }
  };

  return (
    <>
      <button
        type="button"
        className="button composer-screenshot"
        disabled={disabled}
        onClick={() => (desktop ? setPicking(true) : void inBrowser())}
      >
        Attach a screenshot
      </button>
      {picking && (
        <ScreenshotPicker
          api={api}
          onClose={() => setPicking(false)}
          onAttached={(screenshot) => {
            setPicking(false);
            onKept(screenshot);
          }}
        />
      )}
    </>
  );
}
