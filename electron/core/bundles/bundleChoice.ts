/** A bundle the user picks with the desktop's file picker, staged; the browser host has no picker. */
import type { BundleService } from './bundleService';

export function withBundleChoice(
  bundles: BundleService,
  chooseFile: (() => Promise<string | undefined>) | undefined,
): BundleService & { choose(): Promise<{ supported: boolean; stagedId?: string }> } {
  return {
    ...bundles,
    async choose() {
      if (!chooseFile) return { supported: false };
      const path = await chooseFile();
      return path === undefined
        ? { supported: true }
        : { supported: true, stagedId: await bundles.stageFile(path) };
    },
  };
}
