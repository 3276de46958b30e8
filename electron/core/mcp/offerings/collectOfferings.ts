/**
 * The resources, resource templates and prompts of every ready server, in the contract's shape.
 * Server text is untrusted: every field is clipped to what the contract carries, so one server
 * with a giant description cannot break the list for all.
 */
import type { Offerings } from '../../../../preload/schemas/servers';
import type { ServerConnection } from '../lifecycle/connection';

const SHORT = 1_000;
const LONG = 32_768;

export function collectOfferings(connections: ServerConnection[]): Offerings {
  const offerings: Offerings = { resources: [], resourceTemplates: [], prompts: [] };
  for (const connection of connections) {
    const server = connection.name;
    const offered = connection.offerings();
    for (const resource of offered.resources) {
      offerings.resources.push({
        server,
        uri: clip(resource.uri, 4_096),
        name: clip(resource.name, SHORT),
        ...optional('title', resource.title, SHORT),
        ...optional('description', resource.description, LONG),
        ...optional('mimeType', resource.mimeType, 256),
      });
    }
    for (const template of offered.resourceTemplates) {
      offerings.resourceTemplates.push({
        server,
        uriTemplate: clip(template.uriTemplate, 4_096),
        name: clip(template.name, SHORT),
        ...optional('title', template.title, SHORT),
        ...optional('description', template.description, LONG),
        ...optional('mimeType', template.mimeType, 256),
      });
    }
    for (const prompt of offered.prompts) {
      offerings.prompts.push({
        server,
        name: clip(prompt.name, SHORT),
        ...optional('title', prompt.title, SHORT),
        ...optional('description', prompt.description, LONG),
        arguments: (prompt.arguments ?? []).map((argument) => ({
          name: clip(argument.name, SHORT),
          ...optional('description', argument.description, LONG),
          required: argument.required === true,
        })),
      });
    }
  }
  return offerings;
}

/** Cuts server text to `max` characters, marking the cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function optional<K extends string>(
  key: K,
  value: string | undefined,
  max: number,
): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: clip(value, max) } as Record<K, string>);
}
