/**
 * `${...}` references in other apps' configs. Hearth expands `${NAME}` from the environment in
 * arguments, environment values and headers; VS Code and Cursor write that as `${env:NAME}`, and
 * have variables of their own (`${workspaceFolder}`, `${input:id}`) that mean nothing here.
 */
import type { ImportFormat } from './importTypes';
import { quote } from './words';

const REFERENCE = /\$\{([^{}]*)\}/g;
const ENV_REFERENCE = /^env:([A-Za-z_][A-Za-z0-9_]*)$/;
const INPUT_REFERENCE = /^input:(.+)$/;

/** A VS Code `inputs` entry: what VS Code prompted for when it started the server. */
export interface VsCodeInput {
  description?: string;
  password: boolean;
}

/** What a conversion needs to know about the file, and where it writes its notes. */
export interface ConversionContext {
  format: ImportFormat;
  inputs: ReadonlyMap<string, VsCodeInput>;
  notes: string[];
}

const APP_NAMES: Record<ImportFormat, string> = {
  'claude-desktop': 'Claude Desktop',
  vscode: 'VS Code',
  cursor: 'Cursor',
};

/** The app's name as users know it, for notes. */
export function appName(format: ImportFormat): string {
  return APP_NAMES[format];
}

/** Upper-cases the first letter, for a `where` that starts a sentence. */
export function sentenceStart(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The ids of the `${input:id}` references in a value (VS Code files only). */
export function inputIds(text: string, context: ConversionContext): string[] {
  if (context.format !== 'vscode') return [];
  return [...text.matchAll(REFERENCE)].flatMap((match) => {
    const id = INPUT_REFERENCE.exec(match[1] ?? '')?.[1];
    return id === undefined ? [] : [id];
  });
}

/** How a note names an input: by its prompt when it has one. */
export function describeInput(id: string, context: ConversionContext): string {
  const input = context.inputs.get(id);
  if (!input) return `the input ${quote(id)}, which the file does not define`;
  return input.description ? `the prompt ${quote(input.description)}` : `the input ${quote(id)}`;
}

/**
 * Rewrites `${env:NAME}` to `${NAME}` where Hearth expands variables (`expands`), and leaves a
 * note for every reference Hearth cannot honour. `where` names the field: "argument 2", "the url".
 */
export function convertText(
  text: string,
  where: string,
  expands: boolean,
  context: ConversionContext,
): string {
  if (context.format === 'claude-desktop') return text;
  const app = appName(context.format);
  return text.replace(REFERENCE, (whole: string, inner: string) => {
    const envName = ENV_REFERENCE.exec(inner)?.[1];
    if (envName !== undefined) {
      if (expands) return `\${${envName}}`;
      context.notes.push(
        `Hearth does not expand variables in ${where}: replace ${quote(whole)} with its value.`,
      );
      return whole;
    }
    const inputId = context.format === 'vscode' ? INPUT_REFERENCE.exec(inner)?.[1] : undefined;
    if (inputId !== undefined) {
      context.notes.push(
        `${sentenceStart(where)} uses ${describeInput(inputId, context)}, which ${app} asked for ` +
          `and Hearth cannot: replace ${quote(whole)} with the value.`,
      );
    } else if (isAppVariable(inner)) {
      context.notes.push(
        `${quote(whole)} in ${where} only means something inside ${app}: replace it with a real value.`,
      );
    }
    return whole;
  });
}

/** `${workspaceFolder}`, `${config:x}`, `${/}`: an editor's variable, not an environment one. */
function isAppVariable(inner: string): boolean {
  return inner.includes(':') || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(inner) || /^[a-z]/.test(inner);
}
