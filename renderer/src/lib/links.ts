/**
 * Opening a link: main checks it first. The desktop app then opens the system browser itself;
 * the browser host hands it back ("delegated") and the page opens it in a new tab.
 */
import type { Api } from '../../../preload/api';
import { messageOf } from './hooks';

/** Resolves with the reason when the link was refused or could not be checked. */
export async function openLink(
  api: Api,
  url: string,
  win: Pick<Window, 'open'> = window,
): Promise<string | undefined> {
  try {
    const result = await api.links.open(url);
    if (result.outcome === 'refused') return result.reason;
    if (result.outcome === 'delegated') win.open(result.url, '_blank', 'noopener,noreferrer');
    return undefined;
  } catch (reason) {
    return messageOf(reason);
  }
}
