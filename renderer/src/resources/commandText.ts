/**
 * What the composer's text asks for: a slash command (`/name` alone in the field lists prompts)
 * or a mention (`@word` before the caret lists resources), the matching entries, and resource
 * templates filled in (RFC 6570 expressions, the forms MCP servers use).
 */
import type { Offerings } from '../../../preload/schemas/servers';

export type PromptItem = Offerings['prompts'][number];
export type ResourceItem = Offerings['resources'][number];
export type TemplateItem = Offerings['resourceTemplates'][number];

/** The filter typed after `/` when the field holds only a slash command being typed. */
export function slashQuery(text: string): string | undefined {
  return /^\/(\S*)$/.exec(text)?.[1];
}

/** The `@word` that ends at the caret: where it starts and what follows the `@`. */
export function mentionQuery(
  text: string,
  caret: number,
): { start: number; query: string } | undefined {
  const match = /(^|\s)@(\S*)$/.exec(text.slice(0, caret));
  if (!match) return undefined;
  return { start: match.index + (match[1]?.length ?? 0), query: match[2] ?? '' };
}

/** Whether every word of `query` appears in one of `fields` (case ignored). */
function matches(query: string, fields: (string | undefined)[]): boolean {
  const haystack = fields.filter(Boolean).join(' ').toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

export function filterPrompts(prompts: readonly PromptItem[], query: string): PromptItem[] {
  return prompts.filter((prompt) =>
    matches(query, [prompt.name, prompt.title, prompt.description, prompt.server]),
  );
}

/** One entry of the mention picker: a resource, or a template whose variables need filling. */
export type MentionItem =
  { kind: 'resource'; item: ResourceItem } | { kind: 'template'; item: TemplateItem };

export function filterMentions(offerings: Offerings, query: string): MentionItem[] {
  return [
    ...offerings.resources
      .filter((item) =>
        matches(query, [item.name, item.title, item.uri, item.description, item.server]),
      )
      .map((item): MentionItem => ({ kind: 'resource', item })),
    ...offerings.resourceTemplates
      .filter((item) =>
        matches(query, [item.name, item.title, item.uriTemplate, item.description, item.server]),
      )
      .map((item): MentionItem => ({ kind: 'template', item })),
  ];
}

const EXPRESSION = /\{([+#./;?&]?)([^}]*)\}/g;

/** The variable names of a URI template, in order, each once. */
export function templateVariables(uriTemplate: string): string[] {
  const names: string[] = [];
  for (const [, , list = ''] of uriTemplate.matchAll(EXPRESSION)) {
    for (const spec of list.split(',')) {
      const name = spec.replace(/(\*|:\d+)$/, '').trim();
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** The URI a template names with these values (RFC 6570 level 3 operators; no explode). */
export function expandTemplate(uriTemplate: string, values: Record<string, string>): string {
  return uriTemplate.replace(EXPRESSION, (_, operator: string, list: string) => {
    const reserved = operator === '+' || operator === '#';
    const encode = (value: string) => (reserved ? encodeURI(value) : encodeURIComponent(value));
    const parts = list
      .split(',')
      .map((spec) => spec.replace(/(\*|:\d+)$/, '').trim())
      .filter((name) => values[name] !== undefined && values[name] !== '')
      .map((name) => ({ name, value: encode(values[name] ?? '') }));
    if (parts.length === 0) return '';
    switch (operator) {
      case '?':
      case '&':
        return `${operator}${parts.map((part) => `${part.name}=${part.value}`).join('&')}`;
      case ';':
        return parts.map((part) => `;${part.name}=${part.value}`).join('');
      case '/':
      case '.':
        return parts.map((part) => `${operator}${part.value}`).join('');
      case '#':
        return `#${parts.map((part) => part.value).join(',')}`;
      default:
        return parts.map((part) => part.value).join(',');
    }
  });
}
