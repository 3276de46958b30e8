/**
 * Converts one server entry of a Claude Desktop, VS Code or Cursor file into a Hearth server
 * config, or says in plain words why it cannot. Every imported server starts disabled: the user
 * reviews it first.
 */
import {
  httpUrlSchema,
  serverConfigSchema,
  type HttpTransportConfig,
  type ServerConfigInput,
} from '../../../../../preload/schemas/servers';
import { describeIssues } from './describeIssues';
import { policyFromVsCode } from './vsCodeSandbox';
import { convertNamedValues } from './importedValues';
import type { ImportFormat } from './importTypes';
import { convertText, type ConversionContext, type VsCodeInput } from './variables';
import { describeKind, isJsonObject, ownField, quote, type JsonObject } from './words';

type Protocol = HttpTransportConfig['protocol'];
type TransportInput = ServerConfigInput['transport'];
type TransportKind = { kind: 'stdio' } | { kind: 'http'; protocol: Protocol };

const KNOWN_FIELDS = new Set([
  'type',
  'command',
  'args',
  'env',
  'envFile',
  'cwd',
  'url',
  'headers',
  'disabled',
  'sandboxEnabled',
]);

// `http` is Streamable HTTP for Claude and Cursor; VS Code falls back to SSE itself, hence `auto`.
const TRANSPORT_TYPES = new Map<string, TransportKind>([
  ['stdio', { kind: 'stdio' }],
  ['http', { kind: 'http', protocol: 'streamable-http' }],
  ['streamable-http', { kind: 'http', protocol: 'streamable-http' }],
  ['sse', { kind: 'http', protocol: 'sse' }],
]);

/** A server entry converted, or the reason it was not. */
export interface Conversion {
  config?: ServerConfigInput;
  notes: string[];
  skipReason?: string;
}

class Skip {
  constructor(readonly reason: string) {}
}

/** Converts an entry named `name` (already a valid server name); never throws for bad input. */
export function convertEntry(
  name: string,
  entry: unknown,
  format: ImportFormat,
  inputs: ReadonlyMap<string, VsCodeInput>,
  /** VS Code's `sandbox` block beside its `servers`, for entries with `sandboxEnabled`. */
  fileSandbox?: unknown,
): Conversion {
  const context: ConversionContext = { format, inputs, notes: [] };
  try {
    if (!isJsonObject(entry)) {
      throw new Skip(
        `Its entry is ${describeKind(entry)}, not an object with a “command” or a “url”.`,
      );
    }
    for (const field of Object.keys(entry)) {
      if (!KNOWN_FIELDS.has(field)) context.notes.push(`Ignored unknown field ${quote(field)}.`);
    }
    const kind = transportKind(entry, context);
    const transport =
      kind.kind === 'stdio'
        ? readStdio(entry, context, fileSandbox)
        : readHttp(entry, kind.protocol, context);
    noteDisabled(entry, context);
    const config: ServerConfigInput = { name, enabled: false, transport };
    const notes = [...new Set(context.notes)];
    const result = serverConfigSchema.safeParse(config);
    if (!result.success) return { notes, skipReason: describeIssues(result.error.issues, config) };
    return { config, notes };
  } catch (error) {
    if (error instanceof Skip)
      return { notes: [...new Set(context.notes)], skipReason: error.reason };
    throw error;
  }
}

function transportKind(entry: JsonObject, context: ConversionContext): TransportKind {
  const type = ownField(entry, 'type');
  const hasCommand = ownField(entry, 'command') !== undefined;
  const hasUrl = ownField(entry, 'url') !== undefined;
  if (type === undefined) {
    if (hasCommand && hasUrl) {
      throw new Skip(
        'It has both a “command” and a “url”, so Hearth cannot tell whether to start it or connect to it.',
      );
    }
    if (hasCommand) return { kind: 'stdio' };
    if (hasUrl) return { kind: 'http', protocol: 'auto' };
    throw new Skip('It has neither a “command” to run nor a “url” to connect to.');
  }
  if (typeof type !== 'string') {
    throw new Skip(`Its “type” should be text such as “stdio”, but it is ${describeKind(type)}.`);
  }
  const kind = TRANSPORT_TYPES.get(type.toLowerCase());
  if (!kind) {
    throw new Skip(
      `Its type ${quote(type)} is not one Hearth knows: stdio, http, streamable-http or sse.`,
    );
  }
  if (kind.kind === 'stdio' && hasUrl) context.notes.push('Ignored “url”: the type is “stdio”.');
  if (kind.kind === 'http' && hasCommand) {
    context.notes.push(`Ignored “command”: the type is ${quote(type)}.`);
  }
  if (kind.kind === 'http' && context.format === 'vscode' && type.toLowerCase() === 'http') {
    return { kind: 'http', protocol: 'auto' };
  }
  return kind;
}

function readStdio(
  entry: JsonObject,
  context: ConversionContext,
  fileSandbox: unknown,
): TransportInput {
  const command = ownField(entry, 'command');
  if (command === undefined) throw new Skip('Its type is “stdio” but it has no “command” to run.');
  if (typeof command !== 'string') {
    throw new Skip(`Its “command” should be text, but it is ${describeKind(command)}.`);
  }
  if (command.trim() === '') throw new Skip('Its “command” is empty.');
  const args = readTextList(entry, 'args');
  const env = readTextMap(entry, 'env');
  const cwd = ownField(entry, 'cwd');
  if (cwd !== undefined && typeof cwd !== 'string') {
    throw new Skip(`Its “cwd” should be text, but it is ${describeKind(cwd)}.`);
  }
  const envFile = ownField(entry, 'envFile');
  if (envFile !== undefined) {
    const file = typeof envFile === 'string' ? ` (${quote(envFile)})` : '';
    context.notes.push(
      `Hearth does not read “envFile”${file}: add those variables to the server's environment yourself.`,
    );
  }
  const sandboxEnabled = ownField(entry, 'sandboxEnabled');
  const sandbox =
    context.format === 'vscode'
      ? policyFromVsCode(sandboxEnabled, fileSandbox, context.notes)
      : undefined;
  return {
    type: 'stdio',
    ...(sandbox ? { sandbox } : {}),
    command: convertText(command, 'the command', false, context),
    args: args.map((arg, index) => convertText(arg, `argument ${index + 1}`, true, context)),
    env: convertNamedValues(env, 'env', context),
    ...(cwd === undefined
      ? {}
      : { cwd: convertText(cwd, 'the working directory', false, context) }),
  };
}

function readHttp(
  entry: JsonObject,
  protocol: Protocol,
  context: ConversionContext,
): TransportInput {
  const rawUrl = ownField(entry, 'url');
  if (rawUrl === undefined) throw new Skip('It has no “url” to connect to.');
  if (typeof rawUrl !== 'string') {
    throw new Skip(`Its “url” should be text, but it is ${describeKind(rawUrl)}.`);
  }
  const url = convertText(rawUrl, 'the url', false, context);
  if (!httpUrlSchema.safeParse(url).success) {
    throw new Skip(`Its url ${quote(url)} is not an http:// or https:// address.`);
  }
  const headers = readTextMap(entry, 'headers');
  return { type: 'http', url, headers: convertNamedValues(headers, 'header', context), protocol };
}

function noteDisabled(entry: JsonObject, context: ConversionContext): void {
  const disabled = ownField(entry, 'disabled');
  if (disabled === true) context.notes.push('It was disabled in the file.');
  else if (disabled !== undefined && disabled !== false) {
    context.notes.push(
      `Ignored “disabled”: it should be true or false, but it is ${describeKind(disabled)}.`,
    );
  }
}

function readTextList(entry: JsonObject, field: string): string[] {
  const value = ownField(entry, field);
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    throw new Skip(
      `Its ${quote(field)} should be a list of text values, but it is ${describeKind(value)}.`,
    );
  }
  const index = value.findIndex((item) => typeof item !== 'string');
  if (index >= 0) {
    throw new Skip(
      `Its ${quote(field)} should be a list of text values, but item ${index + 1} is ${describeKind(value[index])}.`,
    );
  }
  return value as string[];
}

function readTextMap(entry: JsonObject, field: string): Record<string, string> {
  const value = ownField(entry, field);
  if (value === undefined) return {};
  if (!isJsonObject(value)) {
    throw new Skip(
      `Its ${quote(field)} should map names to text values, but it is ${describeKind(value)}.`,
    );
  }
  const wrong = Object.entries(value).find(([, item]) => typeof item !== 'string');
  if (wrong) {
    throw new Skip(
      `Its ${quote(field)} value for ${quote(wrong[0])} should be text, but it is ${describeKind(wrong[1])}.`,
    );
  }
  return value as Record<string, string>;
}
