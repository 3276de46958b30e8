/**
 * The tools of every ready server as one catalog: each with its model-facing name (mapped, never
 * parsed), the user's settings (on/off, ask or always allow) and whether an "always allow" still
 * holds for the definition the server serves now. The chat gets only enabled, visible tools.
 */
import type { Tool } from '@modelcontextprotocol/client';
import type { CatalogTool, ServerConfig, ToolSettings } from '../../../../preload/schemas/servers';
import { toolSettingsSchema } from '../../../../preload/schemas/servers';
import {
  ModelNameTable,
  toOllamaTool,
  toolFingerprint,
  type OllamaTool,
  type ToolOwner,
} from './modelTools';
import type { ConsentStore } from '../config/consent';
import type { ServerConnection } from '../lifecycle/connection';
import { clip } from './collectOfferings';
import { poisonWarnings } from '../../security/poisonedTools';
import { toolVisibleTo } from './uiResources/toolVisibility';

/** A tool a server marks with this `_meta` key is for Hearth itself and never shown to a model. */
export const INTERNAL_TOOL_META_KEY = 'io.hearth/internal';

export interface ModelTool {
  modelName: string;
  server: string;
  tool: Tool;
  ollama: OllamaTool;
  /** The user pinned it: offered with every message, past the tool budget. */
  pinned?: boolean;
  /**
   * What the server says about itself (its MCP `instructions`): context for ranking its tools,
   * never sent to the model (a server's words are untrusted).
   */
  serverNotes?: string;
}

export interface ToolCatalog {
  /** Every tool of every ready server, for the UI. */
  list(): CatalogTool[];
  /** Enabled, model-visible tools in Ollama's format, with the table to map names back. */
  forModel(): ModelTool[];
  /** The owner of a model-facing name: a ready server's tool, or a restarting server's. */
  resolve(modelName: string): ToolOwner | undefined;
  /** The served definition of a tool, when its server is ready. */
  definition(server: string, tool: string): Tool | undefined;
  /** True when the user's "always allow" covers the definition served now. */
  isAlwaysAllowed(server: string, tool: string): boolean;
}

export function createToolCatalog(options: {
  connections(): ServerConnection[];
  config(server: string): ServerConfig | undefined;
  consent: ConsentStore;
}): ToolCatalog {
  const names = new ModelNameTable();
  // Converting a tool's schema for Ollama is most of what offering tools costs; a server's tool
  // objects stay the same until it says its list changed, so each is converted once per name.
  const converted = new WeakMap<Tool, { modelName: string; ollama: OllamaTool }>();
  const ollamaFor = (modelName: string, tool: Tool, server: string): OllamaTool => {
    const known = converted.get(tool);
    if (known?.modelName === modelName) return known.ollama;
    const ollama = toOllamaTool(modelName, tool, server);
    converted.set(tool, { modelName, ollama });
    return ollama;
  };

  // What the servers offer, with model names: rebuilt only when a server's offerings change
  // (a connection replaces its offerings whole on every listing), not on every message.
  let lastServed: { sources: unknown[]; entries: ServedTool[] } | undefined;
  const served = (): ServedTool[] => {
    // A restarting server's tools keep their names (a call to one waits for it), unoffered.
    const offered = options.connections().map((connection) => ({
      server: connection.name,
      ready: connection.isReady,
      ...connection.knownOfferings(),
    }));
    const sources = offered.flatMap(({ server, ready, tools, instructions }) => [
      server,
      ready,
      tools,
      instructions,
    ]);
    if (
      lastServed?.sources.length === sources.length &&
      lastServed.sources.every((source, index) => source === sources[index])
    )
      return lastServed.entries;
    const entries = offered.flatMap(({ server, ready, tools, instructions }) =>
      tools.map((tool) => ({ server, ready, tool, instructions })),
    );
    const table = names.assign(entries.map(({ server, tool }) => ({ server, tool: tool.name })));
    const nameOf = new Map(
      [...table].map(([modelName, owner]) => [ownerKey(owner.server, owner.tool), modelName]),
    );
    const named = entries.map((entry) => ({
      ...entry,
      modelName: nameOf.get(ownerKey(entry.server, entry.tool.name)) ?? '',
    }));
    lastServed = { sources, entries: named };
    return named;
  };

  /** Tool settings by server, looked up once per server for a pass over a thousand tools. */
  const settingsReader = () => {
    const configs = new Map<string, ServerConfig | undefined>();
    return (server: string, tool: string): ToolSettings => {
      if (!configs.has(server)) configs.set(server, options.config(server));
      return configs.get(server)?.tools[tool] ?? DEFAULT_TOOL_SETTINGS;
    };
  };
  const settingsFor = (server: string, tool: string) => settingsReader()(server, tool);

  const approvalHolds = (server: string, tool: Tool) =>
    options.consent.toolApproval(server, tool.name)?.fingerprint === toolFingerprint(tool);

  const findDefinition = (server: string, tool: string, known = false): Tool | undefined => {
    const connection = options.connections().find((candidate) => candidate.name === server);
    const offerings = known ? connection?.knownOfferings() : connection?.offerings();
    return offerings?.tools.find((candidate) => candidate.name === tool);
  };
  const readyServed = () => served().filter((entry) => entry.ready);

  return {
    list: () => {
      const settingsOf = settingsReader();
      return readyServed().map(({ server, tool, modelName }) => {
        const settings = settingsOf(server, tool.name);
        const annotations = tool.annotations;
        const warnings = poisonWarnings(tool);
        return {
          server,
          tool: tool.name,
          modelName,
          ...(tool.title ? { title: clip(tool.title, 1_000) } : {}),
          // A server's text is untrusted: clip it to what the contract carries.
          description: clip(tool.description ?? '', 32_768),
          inputSchema: tool.inputSchema as Record<string, unknown>,
          ...(annotations ? { annotations: pickAnnotations(annotations) } : {}),
          enabled: settings.enabled,
          approval: settings.approval,
          shellCommand: settings.shellCommand,
          ...(settings.pinned ? { pinned: true } : {}),
          approvalStale: settings.approval === 'allow' && !approvalHolds(server, tool),
          ...(warnings.length ? { warnings } : {}),
        };
      });
    },
    forModel: () => {
      const settingsOf = settingsReader();
      return readyServed().flatMap(({ server, tool, modelName, instructions }) => {
        const settings = settingsOf(server, tool.name);
        if (
          !settings.enabled ||
          settings.approval === 'deny' ||
          tool._meta?.[INTERNAL_TOOL_META_KEY] === true ||
          !toolVisibleTo(tool, 'model')
        )
          return [];
        return [
          {
            modelName,
            server,
            tool,
            ollama: ollamaFor(modelName, tool, server),
            ...(settings.pinned ? { pinned: true } : {}),
            ...(instructions ? { serverNotes: instructions } : {}),
          },
        ];
      });
    },
    resolve: (modelName) => {
      served();
      const owner = names.resolve(modelName);
      // A model that guesses the name of a tool meant for an app alone still cannot call it.
      const definition = owner && findDefinition(owner.server, owner.tool, true);
      return definition && !toolVisibleTo(definition, 'model') ? undefined : owner;
    },
    definition: (server, tool) => findDefinition(server, tool),
    isAlwaysAllowed(server, tool) {
      const definition = this.definition(server, tool);
      return (
        !!definition &&
        settingsFor(server, tool).approval === 'allow' &&
        approvalHolds(server, definition)
      );
    },
  };
}

/** A tool's settings until the user changes one. */
const DEFAULT_TOOL_SETTINGS: ToolSettings = Object.freeze(toolSettingsSchema.parse({}));

interface ServedTool {
  server: string;
  ready: boolean;
  tool: Tool;
  instructions: string | undefined;
  modelName: string;
}

function ownerKey(server: string, tool: string): string {
  return `${server}\u0000${tool}`;
}

/** The annotations the contract knows, server text clipped. */
export function pickAnnotations(
  annotations: NonNullable<Tool['annotations']>,
): NonNullable<CatalogTool['annotations']> {
  const { title, readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = annotations;
  return Object.fromEntries(
    Object.entries({
      title: title === undefined ? undefined : clip(title, 1_000),
      readOnlyHint,
      destructiveHint,
      idempotentHint,
      openWorldHint,
    }).filter(([, value]) => value !== undefined),
  );
}
