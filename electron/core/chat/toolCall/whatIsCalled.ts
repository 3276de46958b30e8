/**
 * The first gates of a tool call: is it a tool the model was given, are its arguments an object,
 * is its server there (waiting while it restarts), do the arguments fit the tool's schema, and is
 * it not a repeat of a call this turn already made. Each refusal is a sentence the model can act
 * on.
 */
import type { Call, Ending, Gate, KnownCall } from './call';
import { coerceToSchema } from './argumentRepair';
import { callKey, checkArguments, parseArguments } from './toolArguments';

/** The name resolves through the catalog's table. */
export const knownTool: Gate<Call> = (call) => {
  const { modelName } = call.request;
  call.owner = call.context.tools.resolve(modelName);
  if (call.owner) return undefined;
  const known = call.context.tools.modelNames();
  return {
    state: 'invalid',
    content: `Error: there is no tool named “${modelName}”.${known.length ? ` Available tools: ${known.slice(0, 40).join(', ')}.` : ' No tools are available.'}`,
  };
};

/** An object, or a JSON string of one. */
export const argumentsParse: Gate<Call> = (call) => {
  const parsed = parseArguments(call.request.rawArguments);
  if (!parsed.ok) return { state: 'invalid', content: `Error: ${parsed.message}` };
  call.args = parsed.value;
  return undefined;
};

/** The tool's definition, waiting (bounded) for a server that is restarting. */
export const serverReady: Gate<Call> = (call) => {
  const { server, tool } = call.owner ?? { server: '', tool: '' };
  call.definition = call.context.tools.definition(server, tool);
  return call.definition ? undefined : afterRestart(call, server, tool);
};

/** A known tool of a server that is restarting (after a crash, or broken framing) waits for it. */
async function afterRestart(call: Call, server: string, tool: string): Promise<Ending | undefined> {
  const { tools, signal } = call.context;
  call.report('running', { message: `“${server}” is restarting; waiting for it.` });
  const state = await tools.settled(server, signal);
  call.definition = state === 'ready' ? tools.definition(server, tool) : undefined;
  if (call.definition) return undefined;
  const { modelName } = call.request;
  return {
    state: 'failed',
    content:
      state === 'restarting'
        ? `Error: the server “${server}” is restarting and was not ready in time, so “${modelName}” was not run. Try again in a moment.`
        : `Error: the server “${server}” is not running, so “${modelName}” cannot be used now.`,
  };
}

/** The arguments fit the tool's input schema (plainly mistyped values converted first). */
export const argumentsFit: Gate<Call> = (call) => {
  if (call.definition) call.args = coerceToSchema(call.definition.inputSchema, call.args);
  const problem = call.definition && checkArguments(call.definition.inputSchema, call.args);
  if (!problem) return undefined;
  return {
    state: 'invalid',
    content: `Error: the arguments do not fit “${call.request.modelName}”: ${problem}. Fix that and call it again.`,
  };
};

/** The same tool with the same arguments runs once a turn. */
export const notRepeated: Gate<KnownCall> = (call) => {
  const key = callKey(call.request.modelName, call.args);
  if (!call.context.seen.has(key)) {
    call.context.seen.add(key);
    return undefined;
  }
  return {
    state: 'invalid',
    content: `Error: “${call.request.modelName}” was already called with exactly these arguments in this turn; its result is above. Do not repeat the call.`,
  };
};
