/**
 * Reads a Claude Desktop, VS Code or Cursor MCP configuration file into server configs Hearth
 * could save, with notes on everything not taken as it was. Nothing is saved here: `planImport`
 * decides names against the existing servers.
 */
import { convertEntry } from './convertEntry';
import { parseJsonText } from './jsonc';
import { cleanServerName, freeServerName } from './serverNames';
import type { ImportFormat, ParsedImport, ParsedServer } from './importTypes';
import type { VsCodeInput } from './variables';
import { describeKind, isJsonObject, ownField, quote, type JsonObject } from './words';

/** Report item names are capped at 256 characters; an unusable name is shown cut to that. */
const MAX_REPORTED_NAME_LENGTH = 256;

const NO_SERVERS_FOUND =
  'No MCP servers found: the file has none of “mcpServers” (Claude Desktop, Cursor), ' +
  '“servers” (VS Code mcp.json) or “mcp” → “servers” (VS Code settings.json).';

interface LocatedServers {
  format: ImportFormat;
  servers: JsonObject;
  inputs: Map<string, VsCodeInput>;
  /** VS Code's `sandbox` block beside `servers` (vsCodeSandbox.ts). */
  sandbox?: unknown;
}

/** Parses the text of a config file; problems with the file as a whole land in `errors`. */
export function parseImport(text: string): ParsedImport {
  const json = parseJsonText(text);
  if (!json.ok) return { servers: [], errors: [`This is not valid JSON: ${json.error}`] };
  const located = locateServers(json.value);
  if ('error' in located) {
    return {
      ...(located.format ? { format: located.format } : {}),
      servers: [],
      errors: [located.error],
    };
  }
  const { format, servers, inputs, sandbox } = located;
  const entries = Object.entries(servers);
  if (entries.length === 0) {
    return { format, servers: [], errors: ['The file lists no servers.'] };
  }
  const converted = entries.map(([rawName, entry]) =>
    parseServer(rawName, entry, format, inputs, sandbox),
  );
  return { format, servers: renameDuplicates(converted), errors: [] };
}

function locateServers(root: unknown): LocatedServers | { format?: ImportFormat; error: string } {
  if (!isJsonObject(root)) {
    return {
      error: `The file should hold a JSON object with the servers, but it holds ${describeKind(root)}.`,
    };
  }
  const mcpServers = ownField(root, 'mcpServers');
  if (mcpServers !== undefined) {
    // Cursor's files are Claude's shape; only Cursor writes `${env:NAME}`.
    const format = JSON.stringify(mcpServers).includes('${env:') ? 'cursor' : 'claude-desktop';
    return withServers(format, '“mcpServers”', mcpServers, undefined);
  }
  if (ownField(root, 'servers') !== undefined) {
    return withServers(
      'vscode',
      '“servers”',
      ownField(root, 'servers'),
      ownField(root, 'inputs'),
      ownField(root, 'sandbox'),
    );
  }
  const settings = ownField(root, 'mcp');
  if (isJsonObject(settings) && ownField(settings, 'servers') !== undefined) {
    return withServers(
      'vscode',
      '“mcp” → “servers”',
      ownField(settings, 'servers'),
      ownField(settings, 'inputs'),
      ownField(settings, 'sandbox'),
    );
  }
  return { error: NO_SERVERS_FOUND };
}

function withServers(
  format: ImportFormat,
  label: string,
  servers: unknown,
  inputs: unknown,
  sandbox?: unknown,
): LocatedServers | { format: ImportFormat; error: string } {
  if (!isJsonObject(servers)) {
    return {
      format,
      error: `${label} should map each server's name to its settings, but it is ${describeKind(servers)}.`,
    };
  }
  return { format, servers, inputs: readInputs(inputs), sandbox };
}

/** VS Code's `inputs`: malformed entries are left out, so references to them are noted as unknown. */
function readInputs(inputs: unknown): Map<string, VsCodeInput> {
  const byId = new Map<string, VsCodeInput>();
  if (!Array.isArray(inputs)) return byId;
  for (const input of inputs) {
    if (!isJsonObject(input)) continue;
    const id = ownField(input, 'id');
    const description = ownField(input, 'description');
    if (typeof id !== 'string') continue;
    byId.set(id, {
      ...(typeof description === 'string' && description !== '' ? { description } : {}),
      password: ownField(input, 'password') === true,
    });
  }
  return byId;
}

function parseServer(
  rawName: string,
  entry: unknown,
  format: ImportFormat,
  inputs: ReadonlyMap<string, VsCodeInput>,
  sandbox: unknown,
): ParsedServer {
  const name = cleanServerName(rawName);
  if (name === '') {
    return {
      name: rawName.slice(0, MAX_REPORTED_NAME_LENGTH),
      notes: [],
      skipReason: `Its name ${quote(rawName)} has no letters or digits Hearth can use in a server name.`,
    };
  }
  const renamed =
    name === rawName
      ? []
      : [
          `Renamed from ${quote(rawName)}: server names use letters, digits, spaces, dots, dashes and underscores, at most 64 characters.`,
        ];
  const conversion = convertEntry(name, entry, format, inputs, sandbox);
  return { name, ...conversion, notes: [...renamed, ...conversion.notes] };
}

/** Gives the second and later servers of the same name (after cleaning) a `-2`, `-3` suffix. */
function renameDuplicates(servers: ParsedServer[]): ParsedServer[] {
  const taken = new Set(servers.filter((server) => server.config).map((server) => server.name));
  const seen = new Set<string>();
  return servers.map((server) => {
    if (!server.config) return server;
    if (!seen.has(server.name)) {
      seen.add(server.name);
      return server;
    }
    const name = freeServerName(server.name, taken);
    taken.add(name);
    seen.add(name);
    const note = `Another server in this file is also named ${quote(server.name)}, so this one becomes ${quote(name)}.`;
    return { ...server, name, config: { ...server.config, name }, notes: [...server.notes, note] };
  });
}
