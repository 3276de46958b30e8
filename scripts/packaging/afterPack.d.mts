/** Types for afterPack.mjs, for the tests that call it. */
export default function afterPack(context: {
  appOutDir: string;
  packager: { getResourcesDir(appOutDir: string): string };
}): void;
