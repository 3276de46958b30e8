/**
 * The prompts, resources and templates of every ready server, with which servers complete
 * arguments and watch resources; refreshed when servers come, go or change their lists.
 * A host that cannot tell (an older main) just offers nothing.
 */
import { useEffect, useState } from 'react';
import type { Api } from '../../../preload/api';
import type { Offerings, ServerStatus } from '../../../preload/schemas/servers';

export interface OfferingsState {
  offerings: Offerings;
  /** Servers that declared `completions`. */
  completes: ReadonlySet<string>;
  /** Servers that can tell when a resource changes. */
  watches: ReadonlySet<string>;
}

const NOTHING: OfferingsState = {
  offerings: { prompts: [], resources: [], resourceTemplates: [] },
  completes: new Set(),
  watches: new Set(),
};

export function useOfferings(api: Api): OfferingsState {
  const [state, setState] = useState<OfferingsState>(NOTHING);
  useEffect(() => {
    let live = true;
    // One load at a time: changes while it runs make one more load after it, not one each
    // (fifty servers starting send a hundred statuses).
    let loading = false;
    let again = false;
    const load = async () => {
      if (loading) {
        again = true;
        return;
      }
      loading = true;
      try {
        const [offerings, servers] = await Promise.all([
          api.servers.offerings(),
          api.servers.list(),
        ]);
        if (!live) return;
        const statuses = servers.map((entry) => entry.status);
        setState({
          offerings,
          completes: namesWith(statuses, (status) => status.capabilities?.completions),
          watches: namesWith(statuses, (status) => status.capabilities?.resourceSubscribe),
        });
      } catch {
        // Nothing to offer is the right answer when the lists cannot be had.
      } finally {
        loading = false;
        if (again && live) {
          again = false;
          void load();
        }
      }
    };
    void load();
    const stops = [
      api.tools.onChanged(() => void load()),
      api.servers.onStatus((status) => {
        // A server starting offers nothing yet: no load for it, but a ready one that restarts
        // has its old offerings taken off at once (they come back, fresh, when it is ready).
        if (status.state === 'starting') setState((current) => without(current, status.name));
        else void load();
      }),
    ];
    return () => {
      live = false;
      stops.forEach((stop) => stop());
    };
  }, [api]);
  return state;
}

function namesWith(
  statuses: ServerStatus[],
  test: (status: ServerStatus) => boolean | undefined,
): Set<string> {
  return new Set(
    statuses.filter((status) => status.state === 'ready' && test(status)).map((s) => s.name),
  );
}

/** The state without one server's offerings; the same object when it offered nothing. */
function without(state: OfferingsState, server: string): OfferingsState {
  const { prompts, resources, resourceTemplates } = state.offerings;
  const other = (item: { server: string }) => item.server !== server;
  if (![prompts, resources, resourceTemplates].some((list) => list.some((item) => !other(item))))
    return state;
  return {
    offerings: {
      prompts: prompts.filter(other),
      resources: resources.filter(other),
      resourceTemplates: resourceTemplates.filter(other),
    },
    completes: state.completes,
    watches: state.watches,
  };
}
