/**
 * Opening links outside the app: main checks every link (see security/externalLinks) before the
 * host hands it to the system browser.
 */
import type { LinkOutcome } from '../../preload/contract';
import type { Logger } from './logger';
import { checkExternalUrl } from './security/externalLinks';

/**
 * The host's way out: the desktop app opens the system browser (`opened`); the browser host has
 * none of its own and lets the page open it (`delegated`).
 */
export type ExternalOpener = (url: string) => Promise<'opened' | 'delegated'>;

export interface LinkService {
  open(url: string): Promise<LinkOutcome>;
}

export function createLinkService(openExternal: ExternalOpener, logger: Logger): LinkService {
  return {
    async open(raw) {
      const check = checkExternalUrl(raw);
      if (!check.ok) {
        logger.info('Refused to open a link', check.reason);
        return { outcome: 'refused', reason: check.reason };
      }
      const how = await openExternal(check.url);
      return how === 'opened' ? { outcome: 'opened' } : { outcome: 'delegated', url: check.url };
    },
  };
}

/**
 * Opens a page the user must see (a sign-in page), checked like any link; rejects with the reason
 * when it is refused. Handed to the page (`delegated`) counts as opened.
 */
export function openOrReject(links: LinkService): (url: string) => Promise<void> {
  return async (url) => {
    const outcome = await links.open(url);
    if (outcome.outcome === 'refused') throw new Error(outcome.reason);
  };
}
