/**
 * A registry field in words a person reads: the entry's own description (its first sentence,
 * when short) as the label, the raw name (`BRAVE_API_KEY`, `--database_name`) kept beside it for
 * someone matching it to the server's documentation. Without a description, the name in words.
 */
import type { InstallField } from '../../../../preload/schemas/registry';

/** Longest first sentence used as a label; a longer description stays the hint. */
const MAX_LABEL = 70;

export interface FieldWords {
  label: string;
  /** The rest of the description, for the hint (the whole of it when not used as the label). */
  rest: string;
}

export function fieldWords(field: Pick<InstallField, 'label' | 'description'>): FieldWords {
  const description = (field.description ?? '').trim();
  const first = /^(.+?[.!?])(\s|$)/s.exec(description)?.[1] ?? description;
  const sentence = first.replace(/[.!]$/, '').trim();
  if (
    sentence &&
    sentence.length <= MAX_LABEL &&
    sentence.toLowerCase() !== field.label.toLowerCase()
  )
    return { label: capitalised(sentence), rest: description.slice(first.length).trim() };
  return { label: nameInWords(field.label), rest: description };
}

/** Words kept in capitals when a name is put in words. */
const ACRONYMS = new Set(
  'API URL URI ID DB SQL SSL TLS HTTP HTTPS JSON AWS GCP MCP CLI UI IP DNS SSH PAT JWT OAUTH'.split(
    ' ',
  ),
);

/** BRAVE_API_KEY → "Brave API key", --database_name → "Database name", dbType → "DB type". */
export function nameInWords(name: string): string {
  const words = name
    .replace(/^-+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.\-/]+/)
    .filter(Boolean)
    .map((word) => (ACRONYMS.has(word.toUpperCase()) ? word.toUpperCase() : word.toLowerCase()));
  return words.length ? capitalised(words.join(' ')) : name;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
