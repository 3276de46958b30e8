/**
 * The text of a tool that ranking looks at, by field: its model-facing name (which carries the
 * server's name), its description, and its parameters' names and descriptions (top level only:
 * deeper schemas are mostly plumbing and can be huge).
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

/** What a ranker needs to know of one tool. */
export interface RankableTool {
  /** The name the model sees, e.g. `github_create_issue`; also the ranking's key. */
  modelName: string;
  tool: Pick<Tool, 'name' | 'description' | 'inputSchema'> & { title?: string };
}

export interface ToolFields {
  name: string;
  description: string;
  parameters: string;
}

/** Longest description text ranked: enough for every real tool's purpose, bounded for speed. */
export const MAX_FIELD_CHARS = 2_000;

export function toolFields({ modelName, tool }: RankableTool): ToolFields {
  const properties = (tool.inputSchema?.properties ?? {}) as Record<string, unknown>;
  const parameters = Object.entries(properties)
    .map(([name, schema]) => {
      const description =
        typeof schema === 'object' && schema !== null && 'description' in schema
          ? String((schema as { description: unknown }).description)
          : '';
      return `${name} ${description}`;
    })
    .join(' ');
  return {
    name: `${modelName} ${tool.title ?? ''}`,
    description: (tool.description ?? '').slice(0, MAX_FIELD_CHARS),
    parameters: parameters.slice(0, MAX_FIELD_CHARS),
  };
}

/** One string for embedding a tool: name, title and description. */
export function toolSummary(tool: RankableTool): string {
  const fields = toolFields(tool);
  return `${fields.name.trim()}: ${fields.description}`.slice(0, MAX_FIELD_CHARS);
}
