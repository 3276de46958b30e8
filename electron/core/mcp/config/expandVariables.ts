/**
 * `${VAR}` in env values, arguments and headers, filled from the environment Hearth runs in, as
 * Claude Desktop and Cursor configs expect. `$${VAR}` keeps the text `${VAR}` as written.
 */
const VARIABLE = /\$(\$?)\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export interface Expansion {
  value: string;
  /** Variables used but not set; the server should not start with them empty. */
  missing: string[];
}

export function expandVariables(text: string, environment: NodeJS.ProcessEnv): Expansion {
  const missing: string[] = [];
  const value = text.replace(VARIABLE, (whole, escaped: string, name: string) => {
    if (escaped) return whole.slice(1);
    const found = environment[name];
    if (found === undefined) {
      missing.push(name);
      return '';
    }
    return found;
  });
  return { value, missing };
}

/** Expands every string, collecting every missing variable once. */
export function expandAll(
  texts: string[],
  environment: NodeJS.ProcessEnv,
): { values: string[]; missing: string[] } {
  const missing = new Set<string>();
  const values = texts.map((text) => {
    const expansion = expandVariables(text, environment);
    for (const name of expansion.missing) missing.add(name);
    return expansion.value;
  });
  return { values, missing: [...missing] };
}
