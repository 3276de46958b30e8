/**
 * Reads an MCP registry over its REST API (v0.1): a page of servers matching a search, and one
 * server's entry at a version. Every answer is checked against the API's shapes; a registry that
 * cannot be reached, answers too slowly, with an error or with something that is not a registry
 * becomes one sentence for the user (a UserFacingError), and a malformed entry in a list is left
 * out with its reason.
 */
import { UserFacingError } from '../bridge/errors';
import {
  describeRegistryIssues,
  registryListSchema,
  registryServerResponseSchema,
  type RegistryServerResponse,
} from './registrySchemas';

/**
 * How long one request may take: a registry answers a page in well under a second; fifteen
 * seconds leave room for a slow network and still tell the user in time that it is not there.
 */
export const REGISTRY_TIMEOUT_MS = 15_000;
/** The largest answer read: a page of 100 full entries is a few hundred kilobytes. */
export const MAX_REGISTRY_RESPONSE_BYTES = 8 * 1024 * 1024;
/** Servers per page; the official registry's default is 30 and its maximum 100. */
export const REGISTRY_PAGE_SIZE = 20;
/** The most servers one page may hold, whatever was asked: the official registry's maximum. */
export const MAX_PAGE_ENTRIES = 100;

export interface RegistryListPage {
  entries: RegistryServerResponse[];
  skipped: { name?: string; reason: string }[];
  nextCursor?: string;
  /** The registry sent more servers than the page size asked for: how many, and how many kept. */
  overfull?: { sent: number; kept: number };
}

export interface RegistryClient {
  /** The registry's address as configured, without a trailing slash. */
  readonly baseUrl: string;
  list(query: { search?: string; cursor?: string; limit?: number }): Promise<RegistryListPage>;
  /** One server at a version (`latest` by default); unknown servers are a UserFacingError. */
  server(name: string, version?: string): Promise<RegistryServerResponse>;
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export function createRegistryClient(options: {
  baseUrl: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}): RegistryClient {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const fetcher: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = options.timeoutMs ?? REGISTRY_TIMEOUT_MS;
  const where = describeRegistry(baseUrl);

  const getJson = async (path: string, notFound?: string): Promise<unknown> => {
    const signal = AbortSignal.timeout(timeoutMs);
    const request = () =>
      fetcher(`${baseUrl}${path}`, {
        headers: { accept: 'application/json' },
        signal,
        redirect: 'follow',
      });
    let response: Response;
    try {
      // A kept-alive connection the registry closed meanwhile fails at once: one more try,
      // on a new connection, tells a registry that went away from one that is there.
      response = await request().catch((error: unknown) => {
        if (causeOf(error) === 'UND_ERR_SOCKET') return request();
        throw error;
      });
    } catch (error) {
      throw unreachable(where, error, timeoutMs);
    }
    // The answer's body runs under the same time limit: a registry that sends its headers and
    // then nothing fails here, as the words above say, not as the stream's own exception.
    const body = await readText(response, where).catch((error: unknown) => {
      throw error instanceof UserFacingError ? error : unreachable(where, error, timeoutMs);
    });
    if (response.status === 404 && notFound) throw new UserFacingError(notFound);
    if (!response.ok) {
      throw new UserFacingError(
        `${where} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}${problemDetail(body)}. Try again later, or check the registry’s address.`,
      );
    }
    try {
      return JSON.parse(body) as unknown;
    } catch {
      throw new UserFacingError(
        `${where} did not answer with JSON. Is this the address of an MCP registry?`,
      );
    }
  };

  return {
    baseUrl,
    async list(query) {
      const params = new URLSearchParams();
      if (query.search?.trim()) params.set('search', query.search.trim());
      if (query.cursor) params.set('cursor', query.cursor);
      const limit = Math.min(query.limit ?? REGISTRY_PAGE_SIZE, MAX_PAGE_ENTRIES);
      params.set('limit', String(limit));
      // Without it the official registry lists every version of every server.
      params.set('version', 'latest');
      const json = await getJson(`/v0.1/servers?${params.toString()}`);
      const list = registryListSchema.safeParse(json);
      if (!list.success) {
        throw new UserFacingError(
          `${where} answered, but not with a list of servers as an MCP registry (API v0.1) does.`,
        );
      }
      const entries: RegistryServerResponse[] = [];
      const skipped: RegistryListPage['skipped'] = [];
      // A registry that ignores `limit` (thousands at once) gets only the page it was asked for.
      const sent = list.data.servers.length;
      for (const item of list.data.servers.slice(0, limit)) {
        const parsed = registryServerResponseSchema.safeParse(item);
        if (parsed.success) entries.push(parsed.data);
        else skipped.push({ ...nameOf(item), reason: describeRegistryIssues(parsed.error) });
      }
      const nextCursor = list.data.metadata?.nextCursor ?? undefined;
      return {
        entries,
        skipped,
        ...(nextCursor ? { nextCursor } : {}),
        ...(sent > limit ? { overfull: { sent, kept: limit } } : {}),
      };
    },
    async server(name, version = 'latest') {
      const path = `/v0.1/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`;
      const json = await getJson(
        path,
        version === 'latest'
          ? `${where} has no server named “${name}”.`
          : `${where} has no version ${version} of “${name}”.`,
      );
      const parsed = registryServerResponseSchema.safeParse(json);
      if (!parsed.success) {
        throw new UserFacingError(
          `The registry’s entry for “${name}” is malformed (${describeRegistryIssues(parsed.error)}), so Hearth cannot install it.`,
        );
      }
      return parsed.data;
    },
  };
}

/** `https://host/path` without trailing slashes; anything but http(s) is refused. */
export function normalizeBaseUrl(raw: string): string {
  const text = raw.trim();
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) {
    throw new UserFacingError(
      `“${text}” is not an http:// or https:// address; set the registry’s address again.`,
    );
  }
  const url = new URL(text);
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}

function describeRegistry(baseUrl: string): string {
  return `The registry at ${new URL(baseUrl).host}`;
}

function unreachable(where: string, error: unknown, timeoutMs: number): UserFacingError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new UserFacingError(
      `${where} did not answer within ${Math.round(timeoutMs / 1000)} s. It may be down; try again later.`,
    );
  }
  const cause = causeOf(error);
  return new UserFacingError(
    `${where} could not be reached${cause ? ` (${cause})` : ''}. It may be down, or this computer offline; try again later.`,
  );
}

/** The system's reason (ECONNREFUSED, ENOTFOUND…), which fetch keeps in `cause`. */
function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return '';
  const cause = (error as Error & { cause?: unknown }).cause;
  if (cause && typeof cause === 'object' && 'code' in cause && typeof cause.code === 'string')
    return cause.code;
  return error.message === 'fetch failed' ? '' : error.message.slice(0, 200);
}

async function readText(response: Response, where: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_REGISTRY_RESPONSE_BYTES) {
    await response.body?.cancel();
    throw new UserFacingError(`${where} sent an answer too large to read (${declared} bytes).`);
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_REGISTRY_RESPONSE_BYTES) {
      await reader.cancel();
      throw new UserFacingError(`${where} sent an answer too large to read.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** An error's own words from a JSON problem body (`detail`, `error` or `title`), if any. */
function problemDetail(body: string): string {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const text = [parsed.detail, parsed.error, parsed.title].find(
      (value): value is string => typeof value === 'string' && value.trim() !== '',
    );
    return text ? `: “${text.slice(0, 300)}”` : '';
  } catch {
    return '';
  }
}

function nameOf(item: unknown): { name?: string } {
  if (!item || typeof item !== 'object' || !('server' in item)) return {};
  const server = item.server;
  if (!server || typeof server !== 'object' || !('name' in server)) return {};
  return typeof server.name === 'string' ? { name: server.name.slice(0, 200) } : {};
}
