/**
 * "Don't ask for calls this sandbox makes harmless": a per-server switch, off by default, that
 * lets a server's calls run without a question while what a call can do is bounded by the OS, not
 * by what the server claims. It holds only while the server runs in the sandbox with no host to
 * reach and no place to write but its own folder; the chat's gate (chat/toolCall/approvalGates.ts)
 * adds that the conversation's model runs on this computer. The grant is a signed fingerprint of
 * the whole policy the sandbox was launched with (serverSandbox.ts `launchedWith`), every field
 * of it, so any change to the policy turns the switch off until the user turns it on again.
 */
import type { HarmlessCalls, ServerConfig } from '../../../../preload/schemas/servers';
import { isDockerCommand, isInside, type LaunchedPolicy, type ServerSandbox } from '../../sandbox';
import { canonicalJson } from '../offerings/modelTools';
import { UserFacingError } from '../../bridge/errors';
import type { ConsentStore } from './consent';
import type { ServerStore } from './serverStore';

export type HarmlessVerdict = { allowed: true } | { allowed: false; reason: string };

/** Everything the sandbox of this launch applies, as one text: what a grant is a fingerprint of. */
export function policyText(launched: LaunchedPolicy): string {
  return canonicalJson(launched);
}

/** Whether the sandbox a server runs under now bounds its calls to no harm; why not, in words. */
export function sandboxBoundsCalls(
  config: ServerConfig,
  sandbox: Pick<ServerSandbox, 'report' | 'launchedWith'> | undefined,
): HarmlessVerdict {
  const no = (reason: string): HarmlessVerdict => ({ allowed: false, reason });
  const { transport } = config;
  if (transport.type !== 'stdio')
    return no(
      transport.type === 'builtin'
        ? 'Hearth’s own tools do not run in a server sandbox.'
        : 'It is a remote server: no sandbox on this computer bounds what it does.',
    );
  if (!transport.sandbox?.enabled) return no('It does not run in the sandbox.');
  if (isDockerCommand(transport.command)) return no('Docker runs it, outside Hearth’s sandbox.');
  const state = sandbox?.report(config.name)?.state;
  if (state === 'unavailable') return no('The sandbox cannot run on this computer.');
  if (state === 'unsandboxed')
    return no('It runs without the sandbox now, because the sandbox cannot run on this computer.');
  const launched = sandbox?.launchedWith(config.name);
  if (state !== 'on' || !launched)
    return no('It is not running in the sandbox now. Start it first.');
  // A policy saved but not yet started with is not what bounds the running server.
  if (canonicalJson(launched.policy) !== canonicalJson(transport.sandbox))
    return no('Its sandbox policy changed since it started. Restart it first.');
  const { resolved } = launched;
  if (resolved.hosts.length > 0)
    return no(`It may reach the network (${resolved.hosts.join(', ')}).`);
  if (resolved.allowAllWrites) return no('It may write anywhere.');
  const elsewhere = resolved.allowWrite.filter((path) => !isInside(path, resolved.ownFolder));
  if (elsewhere.length > 0)
    return no(`It may write outside its own folder (${elsewhere.join(', ')}).`);
  return { allowed: true };
}

export interface HarmlessCallsSwitch {
  /** The switch as it stands, a grant the policy no longer matches taken back. */
  state(name: string): HarmlessCalls;
  /** Turns it on for the policy its sandbox runs under now (refused in words when not allowed), or off. */
  set(name: string, on: boolean): HarmlessCalls;
  /** After a save: a changed sandbox policy, roots or command takes the grant back. */
  saved(before: ServerConfig | undefined, after: ServerConfig): void;
}

export function createHarmlessCallsSwitch(options: {
  store: Pick<ServerStore, 'get'>;
  consent: Pick<ConsentStore, 'grantHarmlessCalls' | 'harmlessCallsGrant' | 'revokeHarmlessCalls'>;
  sandbox(): Pick<ServerSandbox, 'report' | 'launchedWith'> | undefined;
  /** A line for the server's log. */
  log(name: string, text: string): void;
}): HarmlessCallsSwitch {
  const { consent } = options;
  const configOf = (name: string) => {
    const config = options.store.get(name);
    if (!config) throw new UserFacingError(`There is no server named “${name}”.`);
    return config;
  };
  const takeBack = (name: string, why: string) => {
    if (consent.harmlessCallsGrant(name) === 'none') return;
    consent.revokeHarmlessCalls(name);
    options.log(name, `${why} Its calls ask again until you turn “Don’t ask” on again.`);
  };
  const state = (name: string): HarmlessCalls => {
    const config = configOf(name);
    const launched = options.sandbox()?.launchedWith(config.name);
    // A grant for another policy than the running one is taken back, not kept for a change back.
    if (launched && consent.harmlessCallsGrant(config.name, policyText(launched)) === 'changed')
      takeBack(config.name, 'Its sandbox policy changed.');
    const verdict = sandboxBoundsCalls(config, options.sandbox());
    const on =
      verdict.allowed && launched !== undefined
        ? consent.harmlessCallsGrant(config.name, policyText(launched)) === 'granted'
        : consent.harmlessCallsGrant(config.name) !== 'none';
    return verdict.allowed ? { on, allowed: true } : { on, allowed: false, reason: verdict.reason };
  };
  return {
    state,
    set(name, on) {
      const config = configOf(name);
      if (!on) {
        consent.revokeHarmlessCalls(config.name);
        return state(config.name);
      }
      const verdict = sandboxBoundsCalls(config, options.sandbox());
      const launched = options.sandbox()?.launchedWith(config.name);
      if (!verdict.allowed || !launched)
        throw new UserFacingError(
          `Calls of “${config.name}” still ask: ${verdict.allowed ? 'it is not running in the sandbox now.' : verdict.reason}`,
        );
      consent.grantHarmlessCalls(config.name, policyText(launched));
      options.log(
        config.name,
        'You let its calls run without asking while its sandbox keeps it off the network and writing only in its own folder.',
      );
      return state(config.name);
    },
    saved(before, after) {
      if (!before || after.transport.type !== 'stdio') return;
      const policy = (config: ServerConfig) =>
        canonicalJson([
          config.transport.type === 'stdio' ? config.transport.sandbox : undefined,
          config.transport.type === 'stdio' ? config.transport.command : undefined,
          config.roots,
        ]);
      if (policy(before) !== policy(after)) takeBack(after.name, 'Its sandbox policy changed.');
    },
  };
}
