/**
 * The conformance suite's client: Hearth's own MCP manager (createMcpManager, the code the app
 * runs), driven the way @modelcontextprotocol/conformance expects. The suite passes the server
 * URL as the last argument and the scenario in MCP_CONFORMANCE_SCENARIO (plus, for some,
 * MCP_CONFORMANCE_CONTEXT: credentials, or the tool calls to make with their arguments). The
 * suite's authorization server approves at once, so "the user in
 * the browser" is a fetch of the authorization page that follows its redirect to Hearth's
 * loopback callback; everything else is the app's own sign-in path.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventHub } from '../../electron/core/bridge/events';
import { createLogger } from '../../electron/core/logger';
import { createMcpManager } from '../../electron/core/mcp/manager';
import { createMemoryVault } from '../../electron/core/secrets/secretVault';
import type { ServerConfigInput, ServerStatus } from '../../preload/schemas/servers';
import type { McpManager } from '../../electron/core/mcp/manager';

/** The client ID metadata document URL the suite's CIMD scenario expects a client to use. */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';
const NAME = 'conformance';

interface ToolCall {
  tool: string;
  args: Record<string, unknown>;
}

/** The tool each scenario's server offers, and the arguments to call it with. */
const TOOL_CALLS: Record<string, ToolCall> = {
  tools_call: { tool: 'add_numbers', args: { a: 5, b: 3 } },
  'elicitation-sep1034-client-defaults': { tool: 'test_client_elicitation_defaults', args: {} },
  'sse-retry': { tool: 'test_reconnection', args: {} },
};

/**
 * Scenarios whose arguments come from what the server served: json-schema-2020-12-preservation
 * asks for the focal tool's inputSchema, as Hearth keeps it, to be passed back verbatim to the
 * echo tool (its description in the suite says so), so any keyword Hearth dropped shows.
 */
const SERVED_CALLS: Record<string, (served: (tool: string) => unknown) => ToolCall> = {
  'json-schema-2020-12-preservation': (served) => ({
    tool: 'json_schema_echo',
    args: { schema: served('json_schema_2020_12_tool') },
  }),
};

/** The tool's input schema as Hearth's catalog holds it (what the model and the form get). */
function servedSchema(manager: McpManager, tool: string): unknown {
  const definition = manager.catalog.definition(NAME, tool);
  if (!definition) throw new Error(`The server offers no tool named ${tool}.`);
  return definition.inputSchema;
}

async function main(): Promise<void> {
  const serverUrl = process.argv.at(-1) ?? '';
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as {
    client_id?: string;
    client_secret?: string;
    private_key_pem?: string;
    signing_algorithm?: 'ES256';
    /** The calls the scenario wants made, with the arguments to make them with. */
    toolCalls?: { name: string; arguments?: Record<string, unknown> }[];
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-conformance-'));
  const logger = createLogger({ sinks: [], minimum: 'error' });
  const manager = createMcpManager({
    dataDir,
    vault: createMemoryVault(),
    events: createEventHub(logger),
    logger,
    clientVersion: '0.1.0',
    launchContext: () => ({ platform: process.platform, environment: process.env }),
    onProblem: (message) => console.error(message),
    // A user who submits the form as shown: every field keeps its default.
    serverRequests: { elicit: async () => ({ action: 'accept', content: {} }) },
    openAuthorization: async (url) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`The sign-in page answered HTTP ${response.status}.`);
    },
  });
  const config: ServerConfigInput = {
    name: NAME,
    transport: {
      type: 'http',
      url: serverUrl,
      protocol: 'streamable-http',
      oauth: {
        // Machine-to-machine scenarios: the server's settings say "sign in as Hearth itself".
        ...(scenario.startsWith('auth/client-credentials') ? { grant: 'client_credentials' } : {}),
        clientMetadataUrl: CLIENT_METADATA_URL,
        ...(context.client_id ? { clientId: context.client_id } : {}),
        ...(context.client_secret ? { clientSecret: context.client_secret } : {}),
        ...(context.private_key_pem
          ? {
              clientPrivateKey: context.private_key_pem,
              signingAlgorithm: context.signing_algorithm,
            }
          : {}),
      },
    },
    logLevel: 'debug',
  };
  try {
    let status: ServerStatus = (await manager.save(config)).status;
    // The user chooses Sign in when asked; once more after the server said its sign-in moved
    // to another authorization server (SEP-2352), as its one sentence asks them to.
    for (let tries = 0; status.signIn === 'required' && tries < 2; tries++)
      status = await manager.signIn(NAME);
    if (status.state !== 'ready') throw new Error(`Not connected: ${JSON.stringify(status)}`);
    const served = SERVED_CALLS[scenario];
    const named: ToolCall[] | undefined =
      context.toolCalls?.map((call) => ({ tool: call.name, args: call.arguments ?? {} })) ??
      (served ? [served((tool) => servedSchema(manager, tool))] : undefined);
    const call =
      TOOL_CALLS[scenario] ??
      (scenario.startsWith('auth/') ? { tool: 'test-tool', args: {} } : undefined);
    if (named || call) {
      // One after the other, in the suite's order, with the arguments it gave.
      for (const { tool, args } of named ?? (call ? [call] : [])) {
        const outcome = await manager.callTool(NAME, tool, args);
        if (!outcome.ok) throw new Error(`${tool}: ${outcome.message}`);
      }
    } else {
      // Scenarios that name no tool (the 2026-07-28 ones): call every tool the server offers,
      // at once, as a model calling several tools in one reply would. A tool's own error is
      // the scenario's business, so failures are logged, not fatal.
      const tools = await manager.withClient(
        NAME,
        async (client) => (await client.listTools()).tools,
      );
      const outcomes = await Promise.all(
        tools.map((tool) => manager.callTool(NAME, tool.name, {})),
      );
      outcomes.forEach((outcome, index) => {
        if (!outcome.ok) console.error(`${tools[index]?.name}: ${outcome.message}`);
      });
    }
  } finally {
    for (const entry of manager.logs(NAME))
      console.log(`[${entry.source}] ${entry.level}: ${entry.text}`);
    await manager.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
