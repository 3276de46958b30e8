/**
 * The text of a tool that ranking looks at, by field: its own name and title, its description,
 * its parameters (names, descriptions and allowed values at any depth), and as context the name
 * of its server and what the server says about itself.
 */
import type { Tool } from '@modelcontextprotocol/client';
import { words } from './textTerms';

/** What a ranker needs to know of one tool. */
export interface RankableTool {
  /** The name the model sees, e.g. `github_create_issue`; also the ranking's key. */
  modelName: string;
  tool: Pick<Tool, 'name' | 'description' | 'inputSchema'> & { title?: string };
  /** The server's name in Hearth. */
  server?: string;
  /** What the server tells clients about itself (its MCP `instructions`), when it does. */
  serverNotes?: string;
}

/**
 * Words of server names that say nothing about a server ("mcp-server-kubernetes", "time-mcp"):
 * names copied from packages and registries are full of them.
 */
const GENERIC_SERVER_WORDS: ReadonlySet<string> = new Set([
  'mcp',
  'server',
  'servers',
  'tool',
  'tools',
  'plugin',
  'client',
  'official',
]);

/** The words of a server's name that tell it apart, lower case, in order. */
export function serverNameWords(server: string | undefined): string[] {
  return words(server ?? '').filter((word) => !GENERIC_SERVER_WORDS.has(word));
}

export interface ToolFields {
  name: string;
  description: string;
  parameters: string;
  server: string;
  notes: string;
}

/** Longest text ranked per field: enough for every real tool's purpose, bounded for speed. */
export const MAX_FIELD_CHARS = 2_000;
/** Schemas nest; deeper than this is plumbing. */
const MAX_SCHEMA_DEPTH = 4;

function schemaText(schema: unknown, depth: number, out: string[]): void {
  if (depth > MAX_SCHEMA_DEPTH || typeof schema !== 'object' || schema === null) return;
  const node = schema as Record<string, unknown>;
  if (typeof node.description === 'string') out.push(node.description);
  if (Array.isArray(node.enum))
    out.push(node.enum.filter((value) => typeof value === 'string').join(' '));
  if (typeof node.properties === 'object' && node.properties !== null) {
    for (const [name, child] of Object.entries(node.properties)) {
      out.push(name);
      schemaText(child, depth + 1, out);
    }
  }
  schemaText(node.items, depth + 1, out);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    if (Array.isArray(node[key])) for (const child of node[key]) schemaText(child, depth + 1, out);
}

export function toolFields({ modelName, tool, server, serverNotes }: RankableTool): ToolFields {
  const parameters: string[] = [];
  const schema = tool.inputSchema as Record<string, unknown> | undefined;
  schemaText({ properties: schema?.properties }, 0, parameters);
  // Without the server's name, the model-facing name is the tool's own (`github_x` → `x`).
  const ownName = server ? tool.name : modelName;
  return {
    name: `${ownName} ${tool.title ?? ''}`,
    description: (tool.description ?? '').slice(0, MAX_FIELD_CHARS),
    parameters: parameters.join(' ').slice(0, MAX_FIELD_CHARS),
    server: serverNameWords(server).join(' '),
    notes: (serverNotes ?? '').slice(0, MAX_FIELD_CHARS),
  };
}

/** One string for embedding a tool: name, title and description. */
export function toolSummary(tool: RankableTool): string {
  return `${tool.modelName} ${tool.tool.title ?? ''}: ${tool.tool.description ?? ''}`.slice(
    0,
    MAX_FIELD_CHARS,
  );
}
