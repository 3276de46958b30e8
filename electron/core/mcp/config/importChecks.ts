/**
 * What the import preview checks before the user takes a server: that a local server's command
 * is found on this computer, and that a remote server's address answers at all. A check never
 * runs the command and never sends the server's headers or secrets; any HTTP answer (401 and
 * 404 included) counts as answering.
 */
import { unencryptedHost, unencryptedReason } from '../../../../preload/schemas/clearText';
import type { ServerConfigInput } from '../../../../preload/schemas/servers';
import { resolveCommand } from '../../programs';
import type { LaunchContext } from '../transport/configTransports';

/** Long enough for a slow remote to answer; short enough that a preview never hangs. */
export const URL_CHECK_TIMEOUT_MS = 4_000;

/** A sentence for each problem found; empty when the server looks ready to use. */
export async function checkImportedServer(
  config: ServerConfigInput,
  context: LaunchContext,
): Promise<string[]> {
  const { transport } = config;
  if (transport.type === 'stdio') {
    // A command built from `${VAR}` is only known at launch; it is checked then.
    if (transport.command.includes('${')) return [];
    const { environment, platform } = context;
    const found = resolveCommand(transport.command, {
      platform,
      path: environment.PATH ?? environment.Path ?? '',
      pathExt: environment.PATHEXT,
      cwd: transport.cwd,
    });
    return found.ok ? [] : [found.message];
  }
  if (transport.type === 'http') {
    const host = transport.allowUnencrypted ? undefined : unencryptedHost(transport.url);
    // Nothing is sent to it: Hearth would not connect there either.
    if (host !== undefined)
      return [
        `${unencryptedReason(host)} Hearth will not connect to it unless you allow that in its settings.`,
      ];
    return checkAddress(transport.url);
  }
  return [];
}

async function checkAddress(url: string): Promise<string[]> {
  if (url.includes('${')) return [];
  try {
    const response = await fetch(url, {
      method: 'GET',
      redirect: 'manual',
      headers: { accept: 'application/json, text/event-stream' },
      signal: AbortSignal.timeout(URL_CHECK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return [];
  } catch (error) {
    const reason = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    const why = reason === 'TimeoutError' ? 'no answer within 4 seconds' : reason;
    return [`Nothing answers at ${url} (${why}). Check the address, or that the server is up.`];
  }
}
