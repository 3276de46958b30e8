/**
 * The blind evaluation set as the benchmark uses it: the requests of requests.blind.json with
 * their answers from blindLabels.ts, ranked against every listed tool (the first set's and the
 * blind set's), split by a hash of the text into a tuning part (60 %) and a held-out part (40 %)
 * that is only measured, never read while tuning. Each request also has the servers of one
 * user: the server it is meant for plus others drawn by the same hash up to about 170 tools, as
 * a person with a dozen servers installed.
 */
import { BLIND_LABELS, UNSERVED } from './blindLabels';
import { evaluationTools, keyOf, readJson, type LabelledRequest } from './evaluationSet';
import type { ListedServer } from './listing';
import type { ModelTool } from '../../electron/core/mcp/offerings/toolCatalog';

interface WrittenRequest {
  text: string;
  previous?: string;
  server: string;
  action: string;
}

export interface BlindRequest extends LabelledRequest {
  /** The user's message before this one, for follow-ups. */
  previous?: string;
  /** The servers this request's user has installed. */
  userServers: ReadonlySet<string>;
  /** What the writer meant, in a few words (written before the tools were read). */
  action: string;
}

/** Share of the blind requests kept for tuning; the rest is held out. */
const TUNING_SHARE = 0.6;
/** About how many tools one simulated user has. */
const USER_TOOLS = 170;

/** FNV-1a: a stable hash, so the split never depends on the order of the file. */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function blindListing(): ListedServer[] {
  return [
    ...readJson<ListedServer[]>('tools.json'),
    ...readJson<ListedServer[]>('tools.blind.json'),
  ];
}

/** Every tool of both sets, as the catalog names them for the chat. */
export function blindTools(): ModelTool[] {
  return evaluationTools(blindListing());
}

function userServers(
  request: WrittenRequest,
  sizes: ReadonlyMap<string, number>,
): ReadonlySet<string> {
  const chosen = new Set(['hearth', request.server]);
  let count = (sizes.get('hearth') ?? 0) + (sizes.get(request.server) ?? 0);
  const others = [...sizes.keys()]
    .filter((server) => !chosen.has(server))
    .sort((a, b) => hashOf(`${request.text}\u0000${a}`) - hashOf(`${request.text}\u0000${b}`));
  for (const server of others) {
    const size = sizes.get(server) ?? 0;
    if (count + size > USER_TOOLS) continue;
    chosen.add(server);
    count += size;
  }
  return chosen;
}

export interface BlindSplit {
  tuning: BlindRequest[];
  heldOut: BlindRequest[];
  /** Requests whose action no tool serves (not counted). */
  unserved: number;
}

export function blindRequests(): BlindSplit {
  const split: BlindSplit = { tuning: [], heldOut: [], unserved: 0 };
  const { requests, unserved } = labelled('requests.blind.json');
  split.unserved = unserved;
  for (const request of requests) {
    const part = hashOf(request.text) / 2 ** 32 < TUNING_SHARE ? split.tuning : split.heldOut;
    part.push(request);
  }
  return split;
}

/**
 * A second blind set, written later in the same way (from each server's name, purpose and the
 * first set's actions, without reading a tool or an earlier request) but told to word requests
 * as people do rather than as the purpose line does. Split by another hash: a tuning half whose
 * misses may be read, and a check half whose figures only are printed.
 */
export function secondBlindSet(): { tuning: BlindRequest[]; check: BlindRequest[] } {
  const halves = { tuning: [] as BlindRequest[], check: [] as BlindRequest[] };
  for (const request of labelled('requests.second.json').requests)
    (hashOf(`second\u0000${request.text}`) % 2 === 0 ? halves.tuning : halves.check).push(request);
  return halves;
}

/** A file of written requests with their answers from blindLabels.ts. */
function labelled(file: string): { requests: BlindRequest[]; unserved: number } {
  const sizes = new Map(blindListing().map((server) => [server.server, server.tools.length]));
  const requests: BlindRequest[] = [];
  let unserved = 0;
  for (const written of readJson<WrittenRequest[]>(file)) {
    if (UNSERVED.includes(`${written.server}/${written.action}`)) {
      unserved++;
      continue;
    }
    const tools = BLIND_LABELS[written.server]?.[written.action];
    if (!tools) throw new Error(`No label for ${written.server}/${written.action}`);
    requests.push({
      text: written.text,
      ...(written.previous ? { previous: written.previous } : {}),
      expected: tools.map((tool) => keyOf({ server: written.server, tool })),
      userServers: userServers(written, sizes),
      action: written.action,
    });
  }
  return { requests, unserved };
}

/** Messages no tool serves. */
export function noToolRequests(): string[] {
  return readJson<string[]>('requests.none.json');
}

/**
 * The same tools and requests with each server named as a package or registry install names it:
 * the last part of its npm package (`mcp-server-kubernetes`, `brave-search-mcp-server`), full of
 * words that name nothing and shared by look-alikes. Hearth's built-in server keeps its name.
 */
export function withPackageNames(
  tools: readonly ModelTool[],
  split: BlindSplit,
): { tools: ModelTool[]; tuning: BlindRequest[]; heldOut: BlindRequest[] } {
  const packages = new Map(blindListing().map((server) => [server.server, server.packageName]));
  const rename = (server: string) =>
    server === 'hearth' ? server : (packages.get(server)?.split('/').pop() ?? server);
  const renameKey = (key: string) => {
    const [server = '', ...tool] = key.split('/');
    return [rename(server), ...tool].join('/');
  };
  const renamed = (request: BlindRequest): BlindRequest => ({
    ...request,
    expected: request.expected.map(renameKey),
    userServers: new Set([...request.userServers].map(rename)),
  });
  return {
    tools: tools.map((tool) => ({ ...tool, server: rename(tool.server) })),
    tuning: split.tuning.map(renamed),
    heldOut: split.heldOut.map(renamed),
  };
}
