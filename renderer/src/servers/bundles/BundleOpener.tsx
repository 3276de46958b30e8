/**
 * Every way a bundle reaches the window: the file picker ("Install bundle…"), a `.mcpb` file
 * dropped anywhere on the window, a bundle main opened from outside (`hearth --install FILE`, the
 * system opening a `.mcpb`), and another view handing over one it staged (a registry entry, with
 * the hash it promised). Each opens the install dialog; after the install the launch review
 * follows, then Servers shows the new server.
 */
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { ServerEntry } from '../../../../preload/schemas/servers';
import { useApi } from '../../lib/apiContext';
import { messageOf } from '../../lib/hooks';
import { useNavigation } from '../../lib/navigation';
import { Dialog } from '../../ui/Dialog';
import { uploadBundle } from './uploadBundle';

// The dialogs load when a bundle is first opened: the window's first screen does not need them.
const BundleInstallDialog = lazy(() =>
  import('./BundleInstallDialog').then((module) => ({ default: module.BundleInstallDialog })),
);
const LaunchReviewDialog = lazy(() =>
  import('../review/LaunchReviewDialog').then((module) => ({ default: module.LaunchReviewDialog })),
);
import './bundles.css';

export interface BundleOpener {
  /** Opens the system's file picker for a `.mcpb` file. */
  chooseFile(): void;
  /** Opens the install dialog for a bundle already staged in main (with a registry's hash). */
  openStaged(stagedId: string, options?: { expectedSha256?: string }): void;
}

const BundleOpenerContext = createContext<BundleOpener>({
  chooseFile: () => undefined,
  openStaged: () => undefined,
});

/** The window's bundle opener, for buttons in any view. */
export function useBundleOpener(): BundleOpener {
  return useContext(BundleOpenerContext);
}

type Step =
  | { kind: 'uploading'; fileName: string; share: number }
  | { kind: 'install'; stagedId: string; expectedSha256?: string }
  | { kind: 'review'; entry: ServerEntry }
  | { kind: 'failed'; message: string };

const BUNDLE_FILE = /\.(mcpb|dxt)$/i;

export function BundleOpenerProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const navigation = useNavigation();
  const [step, setStep] = useState<Step>();
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const openFile = useCallback(
    async (file: File) => {
      if (!BUNDLE_FILE.test(file.name)) {
        setStep({
          kind: 'failed',
          message: `“${file.name}” is not an MCP bundle: bundles end in .mcpb.`,
        });
        return;
      }
      setStep({ kind: 'uploading', fileName: file.name, share: 0 });
      try {
        const stagedId = await uploadBundle(api, file, file.name, (share) =>
          setStep({ kind: 'uploading', fileName: file.name, share }),
        );
        setStep({ kind: 'install', stagedId });
      } catch (reason) {
        setStep({ kind: 'failed', message: messageOf(reason) });
      }
    },
    [api],
  );

  // Bundles main opened before this window was ready, then each one opened while it is.
  useEffect(() => {
    let live = true;
    api.bundles.takeOpened().then(
      (ids) => live && ids[0] && setStep({ kind: 'install', stagedId: ids[0] }),
      () => undefined,
    );
    const stop = api.bundles.onOpened(({ stagedId }) => {
      void api.bundles.takeOpened().catch(() => undefined);
      setStep({ kind: 'install', stagedId });
    });
    return () => {
      live = false;
      stop();
    };
  }, [api]);

  // A .mcpb dropped anywhere on the window.
  useEffect(() => {
    const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') === true;
    let depth = 0;
    const onEnter = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth++;
      setDragging(true);
    };
    const onLeave = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onOver = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onDrop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      const file = event.dataTransfer?.files[0];
      if (file) void openFile(file);
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('dragover', onOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [openFile]);

  const opener = useMemo<BundleOpener>(
    () => ({
      chooseFile: () => input.current?.click(),
      openStaged: (stagedId, options) =>
        setStep({ kind: 'install', stagedId, expectedSha256: options?.expectedSha256 }),
    }),
    [],
  );

  const finish = (entry: ServerEntry) => {
    setStep(undefined);
    navigation.openServers(entry.config.name);
  };

  return (
    <BundleOpenerContext.Provider value={opener}>
      {children}
      <input
        ref={input}
        type="file"
        accept=".mcpb,.dxt"
        hidden
        aria-label="MCP bundle file"
        data-testid="bundle-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void openFile(file);
        }}
      />
      {dragging && (
        <div className="bundle-drop-target" aria-hidden="true">
          Drop a .mcpb bundle to install it
        </div>
      )}
      {step?.kind === 'uploading' && (
        <div className="bundle-progress" role="status">
          Reading {step.fileName}… {Math.round(step.share * 100)}%
        </div>
      )}
      <Suspense fallback={null}>
        {step?.kind === 'install' && (
          <BundleInstallDialog
            key={step.stagedId}
            stagedId={step.stagedId}
            expectedSha256={step.expectedSha256}
            onClose={() => setStep(undefined)}
            onInstalled={(entry) =>
              entry.status.consent === 'approved'
                ? finish(entry)
                : setStep({ kind: 'review', entry })
            }
          />
        )}
        {step?.kind === 'review' && (
          <LaunchReviewDialog
            name={step.entry.config.name}
            onApproved={() => finish(step.entry)}
            onCancel={() => finish(step.entry)}
          />
        )}
      </Suspense>
      {step?.kind === 'failed' && (
        <Dialog
          open
          title="This bundle cannot be installed"
          tone="danger"
          onCancel={() => setStep(undefined)}
          actions={
            <button type="button" className="button" onClick={() => setStep(undefined)}>
              Close
            </button>
          }
        >
          <div className="notice notice-error" role="alert">
            <p>{step.message}</p>
          </div>
        </Dialog>
      )}
    </BundleOpenerContext.Provider>
  );
}
