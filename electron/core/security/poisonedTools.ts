/**
 * Tool definitions that speak to the model rather than describe the tool ("tool poisoning"): a
 * description the model reads on every turn can order it to read keys, keep things from the user
 * or ignore its instructions, and the user never sees it unless told. Each warning names what was
 * found, in the user's words; the tools table and the approval dialog show them, and the user
 * can switch the tool off from there. Written to stay quiet on ordinary tools: the 666 real tools
 * listed from npm servers for the tool-selection bench raise none (tests/unit/security).
 */

interface Pattern {
  test: RegExp;
  warning: string;
}

const PATTERNS: Pattern[] = [
  {
    test: /<\s*\/?\s*(important|system|instructions?|secret|hidden|admin|critical)\b[^>]*>/i,
    warning: 'It gives the model orders inside a tag such as <IMPORTANT>.',
  },
  {
    test: /\b(do not|don't|dont|never|without)\s+(tell(ing)?|inform(ing)?|mention(ing)?|reveal(ing)?|notify(ing)?|alert(ing)?|let(ting)?)\b[^.\n]{0,40}\b(the user|users?|the human)\b/i,
    warning: 'It tells the model to keep something from you.',
  },
  {
    test: /\b(ignore|disregard|forget|override)\s+(all\s+|any\s+)?(the\s+)?(previous|prior|earlier|above|other|system|your)\s+(instructions|rules|directions|prompts?|guidelines)/i,
    warning: 'It tells the model to ignore its other instructions.',
  },
  {
    test: /~\/\.ssh|\.ssh\/|\bid_(rsa|ed25519|ecdsa|dsa)\b|\.aws\/credentials|\/etc\/shadow|\.netrc\b|\.git-credentials|\.npmrc\b|claude_desktop_config|\.cursor\/mcp\.json/i,
    warning: 'It mentions files that hold keys or passwords (such as ~/.ssh).',
  },
  {
    test: /\bbefore\s+(using|calling|running|you use|you call|invoking)\s+(this|the|any)\s+tool\b[^.\n]{0,80}\b(read|send|pass|include|upload|fetch|call|copy|attach)\b/i,
    warning: 'It tells the model to do something else before using it.',
  },
  {
    test: /\b(the )?(application|app|system|computer|tool|server) will (crash|fail|break|be (damaged|deleted))\b[^.\n]{0,60}\b(unless|if you (don't|do not|fail))\b/i,
    warning: 'It pressures the model with threats.',
  },
  {
    test: /[\u202A-\u202E\u2066-\u2069\u{E0000}-\u{E007F}]/u,
    warning: 'It hides text in invisible or direction-changing characters.',
  },
];

export interface ToolText {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
}

/** Why the tool's definition looks aimed at the model; empty when nothing was found. */
export function poisonWarnings(tool: ToolText): string[] {
  const texts = [
    tool.name,
    tool.title ?? '',
    tool.description ?? '',
    ...schemaTexts(tool.inputSchema),
  ];
  return PATTERNS.filter((pattern) => texts.some((text) => pattern.test.test(text))).map(
    (pattern) => pattern.warning,
  );
}

/** Every string in a schema (descriptions, titles, enum values, property names), bounded. */
function schemaTexts(schema: unknown, found: string[] = [], depth = 0): string[] {
  if (depth > 12 || found.length > 2_000) return found;
  if (typeof schema === 'string') found.push(schema);
  else if (Array.isArray(schema)) for (const item of schema) schemaTexts(item, found, depth + 1);
  else if (schema !== null && typeof schema === 'object')
    for (const [key, value] of Object.entries(schema)) {
      found.push(key);
      schemaTexts(value, found, depth + 1);
    }
  return found;
}
