/**
 * The MCP registry API's response shapes (v0.1: `ServerList`, `ServerResponse`, `ServerDetail`,
 * `Package`, the argument and input types, the transports), as the registry's OpenAPI document
 * and `server.schema.json` define them. Objects are loose: a registry may add fields (a
 * subregistry's `_meta`, a newer schema's properties) and Hearth reads past them. The list is
 * read entry by entry, so one malformed entry is skipped with its reason, never the page.
 */
import { z } from 'zod';

/** `Input`: a value the user may be asked for. */
export const registryInputSchema = z.looseObject({
  description: z.string().optional(),
  isRequired: z.boolean().optional(),
  // The schema names string, number, boolean and filepath; another is read as string, not refused.
  format: z.string().optional(),
  /** Fixed: not the user's to change, except its `{variables}`. */
  value: z.string().optional(),
  isSecret: z.boolean().optional(),
  default: z.string().optional(),
  placeholder: z.string().optional(),
  choices: z.array(z.string()).optional(),
});
export type RegistryInput = z.output<typeof registryInputSchema>;

/** `InputWithVariables`: `{name}` in `value` filled from `variables`. */
const withVariables = registryInputSchema.extend({
  variables: z.record(z.string(), registryInputSchema).optional(),
});
export type RegistryInputWithVariables = z.output<typeof withVariables>;

export const registryArgumentSchema = z.discriminatedUnion('type', [
  withVariables.extend({
    type: z.literal('positional'),
    valueHint: z.string().optional(),
    isRepeated: z.boolean().optional(),
  }),
  withVariables.extend({
    type: z.literal('named'),
    name: z.string().min(1),
    isRepeated: z.boolean().optional(),
  }),
]);
export type RegistryArgument = z.output<typeof registryArgumentSchema>;

/** `KeyValueInput`: an environment variable or a header. */
export const registryKeyValueSchema = withVariables.extend({ name: z.string().min(1) });
export type RegistryKeyValue = z.output<typeof registryKeyValueSchema>;

/** `LocalTransport` of a package: stdio, or a server it starts that listens over HTTP. */
const localTransportSchema = z.looseObject({
  type: z.string().min(1),
  url: z.string().optional(),
  headers: z.array(registryKeyValueSchema).optional(),
});

export const registryPackageSchema = z.looseObject({
  registryType: z.string().min(1),
  registryBaseUrl: z.string().optional(),
  identifier: z.string().min(1),
  version: z.string().min(1).optional(),
  fileSha256: z
    .string()
    .regex(/^[a-f0-9]{64}$/, 'fileSha256 is not a SHA-256 in hex')
    .optional(),
  runtimeHint: z.string().optional(),
  // Required by the schema; entries published before it was are read as stdio, its only value then.
  transport: localTransportSchema.default({ type: 'stdio' }),
  runtimeArguments: z.array(registryArgumentSchema).optional(),
  packageArguments: z.array(registryArgumentSchema).optional(),
  environmentVariables: z.array(registryKeyValueSchema).optional(),
});
export type RegistryPackage = z.output<typeof registryPackageSchema>;

/** `RemoteTransport`: Streamable HTTP or SSE, with `{variables}` in its address. */
export const registryRemoteSchema = z.looseObject({
  type: z.string().min(1),
  url: z.string().min(1),
  headers: z.array(registryKeyValueSchema).optional(),
  variables: z.record(z.string(), registryInputSchema).optional(),
});
export type RegistryRemote = z.output<typeof registryRemoteSchema>;

export const registryServerDetailSchema = z.looseObject({
  name: z
    .string()
    .min(3)
    .max(200)
    .regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/, 'the name is not namespace/name'),
  description: z.string(),
  title: z.string().optional(),
  version: z.string().min(1).max(255),
  repository: z
    .looseObject({
      url: z.string(),
      source: z.string().optional(),
      subfolder: z.string().optional(),
    })
    .optional(),
  websiteUrl: z.string().optional(),
  packages: z.array(registryPackageSchema).optional(),
  remotes: z.array(registryRemoteSchema).optional(),
});
export type RegistryServerDetail = z.output<typeof registryServerDetailSchema>;

export const OFFICIAL_META = 'io.modelcontextprotocol.registry/official';

export const registryServerResponseSchema = z.looseObject({
  server: registryServerDetailSchema,
  _meta: z
    .looseObject({
      [OFFICIAL_META]: z
        .looseObject({
          status: z.string().optional(),
          statusMessage: z.string().optional(),
          publishedAt: z.string().optional(),
          updatedAt: z.string().optional(),
          isLatest: z.boolean().optional(),
        })
        .optional(),
    })
    .optional(),
});
export type RegistryServerResponse = z.output<typeof registryServerResponseSchema>;

/** `ServerList`, its entries left unread: each is checked on its own. */
export const registryListSchema = z.looseObject({
  servers: z.array(z.unknown()),
  metadata: z
    .looseObject({
      nextCursor: z.string().nullish(),
      count: z.number().optional(),
    })
    .optional(),
});

/** The issues of a failed parse in one line: `server.packages.0.identifier: …; …`. */
export function describeRegistryIssues(error: z.ZodError, most = 3): string {
  const lines = error.issues.slice(0, most).map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = error.issues.length - lines.length;
  return lines.join('; ') + (more > 0 ? ` (and ${more} more)` : '');
}
