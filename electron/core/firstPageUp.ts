/**
 * When the servers start (Core.start): once the host's first page is up, or after a short grace if no page
 * comes (`npm run serve` before anyone opens the address, a desktop app started hidden). Ten
 * servers starting at once on a small machine took the CPU the first page needed: its message
 * field was ready in about 0.4 s at the median, but in 1.4 s one start in ten. The page draws its
 * first screen before it connects, so "up" is its first connection.
 */

/** How long the servers wait for a first page before they start anyway. */
export const FIRST_PAGE_GRACE_MS = 1_500;

/** Settles once the first page is up, or after the grace; a page that failed to load counts as up. */
export function firstPageUp(
  firstPage: Promise<unknown>,
  graceMs = FIRST_PAGE_GRACE_MS,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
  const page = firstPage.then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([page, grace]).then(() => clearTimeout(timer));
}
