/**
 * How many of the app's windows are on screen: `windows.ts` says, `screenCapture.ts` asks, so a
 * test of the capture alone does not load the windows' app lifecycle.
 */
let counter = () => 0;

export const shownWindows = {
  count: () => counter(),
  follow(count: () => number): void {
    counter = count;
  },
};
