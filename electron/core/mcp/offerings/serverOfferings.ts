/** What one ready server offers, listed in full (every page) for the capabilities it declared. */
import type { Client } from '@modelcontextprotocol/client';
import type {
  Prompt,
  Resource,
  ResourceTemplateType as ResourceTemplate,
  Tool,
} from '@modelcontextprotocol/client';
import { listAll } from './pagination';

export interface ServerOfferings {
  /** What the server said about itself when it connected (MCP `instructions`), if anything. */
  instructions?: string;
  tools: Tool[];
  resources: Resource[];
  resourceTemplates: ResourceTemplate[];
  prompts: Prompt[];
}

export const NO_OFFERINGS: ServerOfferings = {
  tools: [],
  resources: [],
  resourceTemplates: [],
  prompts: [],
};

export async function listOfferings(client: Client): Promise<ServerOfferings> {
  const capabilities = client.getServerCapabilities() ?? {};
  const none = <T>(): Promise<T[]> => Promise.resolve([]);
  const [tools, resources, resourceTemplates, prompts] = await Promise.all([
    capabilities.tools
      ? listAll<'tools', Tool>((cursor) => client.listTools({ cursor }), 'tools')
      : none<Tool>(),
    capabilities.resources
      ? listAll<'resources', Resource>((cursor) => client.listResources({ cursor }), 'resources')
      : none<Resource>(),
    capabilities.resources
      ? listAll<'resourceTemplates', ResourceTemplate>(
          (cursor) => client.listResourceTemplates({ cursor }),
          'resourceTemplates',
        )
      : none<ResourceTemplate>(),
    capabilities.prompts
      ? listAll<'prompts', Prompt>((cursor) => client.listPrompts({ cursor }), 'prompts')
      : none<Prompt>(),
  ]);
  const instructions = client.getInstructions();
  return {
    ...(instructions ? { instructions } : {}),
    tools,
    resources,
    resourceTemplates,
    prompts,
  };
}
