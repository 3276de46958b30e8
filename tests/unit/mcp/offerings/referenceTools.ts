/**
 * Tool definitions copied verbatim from tools/list answers of the reference servers in
 * node_modules (@modelcontextprotocol/server-filesystem and server-everything), minus
 * `execution`.
 */
import type { Tool } from '@modelcontextprotocol/client';

export const filesystemTools: Tool[] = [
  {
    name: 'read_text_file',
    title: 'Read Text File',
    description:
      "Read the complete contents of a file from the file system as text. Handles various text encodings and provides detailed error messages if the file cannot be read. Use this tool when you need to examine the contents of a single file. Use the 'head' parameter to read only the first N lines of a file, or the 'tail' parameter to read only the last N lines of a file. Operates on the file as text regardless of extension. Only works within allowed directories.",
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string' },
        tail: {
          description: 'If provided, returns only the last N lines of the file',
          type: 'number',
        },
        head: {
          description: 'If provided, returns only the first N lines of the file',
          type: 'number',
        },
      },
      required: ['path'],
      $schema: 'http://json-schema.org/draft-07/schema#',
    },
    outputSchema: {
      type: 'object',
      properties: { content: { type: 'string' } },
      required: ['content'],
      $schema: 'http://json-schema.org/draft-07/schema#',
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'read_multiple_files',
    title: 'Read Multiple Files',
    description:
      "Read the contents of multiple files simultaneously. This is more efficient than reading files one by one when you need to analyze or compare multiple files. Each file's content is returned with its path as a reference. Failed reads for individual files won't stop the entire operation. Only works within allowed directories.",
    inputSchema: {
      type: 'object',
      properties: {
        paths: {
          minItems: 1,
          type: 'array',
          items: { type: 'string' },
          description:
            'Array of file paths to read. Each path must be a string pointing to a valid file within allowed directories.',
        },
      },
      required: ['paths'],
      $schema: 'http://json-schema.org/draft-07/schema#',
    },
    outputSchema: {
      type: 'object',
      properties: { content: { type: 'string' } },
      required: ['content'],
      $schema: 'http://json-schema.org/draft-07/schema#',
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'edit_file',
    title: 'Edit File',
    description:
      'Make line-based edits to a text file. Each edit replaces exact line sequences with new content. Returns a git-style diff showing the changes made. Only works within allowed directories.',
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string' },
        edits: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              oldText: { type: 'string', description: 'Text to search for - must match exactly' },
              newText: { type: 'string', description: 'Text to replace with' },
            },
            required: ['oldText', 'newText'],
          },
        },
        dryRun: {
          default: false,
          description: 'Preview changes using git-style diff format',
          type: 'boolean',
        },
      },
      required: ['path', 'edits'],
      $schema: 'http://json-schema.org/draft-07/schema#',
    },
    outputSchema: {
      type: 'object',
      properties: { content: { type: 'string' } },
      required: ['content'],
      $schema: 'http://json-schema.org/draft-07/schema#',
      additionalProperties: false,
    },
    annotations: {
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: false,
    },
  },
  {
    name: 'list_directory_with_sizes',
    title: 'List Directory with Sizes',
    description:
      'Get a detailed listing of all files and directories in a specified path, including sizes. Results clearly distinguish between files and directories with [FILE] and [DIR] prefixes. This tool is useful for understanding directory structure and finding specific files within a directory. Only works within allowed directories.',
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string' },
        sortBy: {
          default: 'name',
          description: 'Sort entries by name or size',
          type: 'string',
          enum: ['name', 'size'],
        },
      },
      required: ['path'],
      $schema: 'http://json-schema.org/draft-07/schema#',
    },
    outputSchema: {
      type: 'object',
      properties: { content: { type: 'string' } },
      required: ['content'],
      $schema: 'http://json-schema.org/draft-07/schema#',
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'list_allowed_directories',
    title: 'List Allowed Directories',
    description:
      'Returns the list of directories that this server is allowed to access. Subdirectories within these allowed directories are also accessible. Use this to understand which directories and their nested paths are available before trying to access files.',
    inputSchema: {
      type: 'object',
      properties: {},
      $schema: 'http://json-schema.org/draft-07/schema#',
    },
    outputSchema: {
      type: 'object',
      properties: { content: { type: 'string' } },
      required: ['content'],
      $schema: 'http://json-schema.org/draft-07/schema#',
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
];

export const everythingTools: Tool[] = [
  {
    name: 'get-resource-links',
    title: 'Get Resource Links Tool',
    description: 'Returns up to ten resource links that reference different types of resources',
    inputSchema: {
      type: 'object',
      properties: {
        count: {
          default: 3,
          description: 'Number of resource links to return (1-10)',
          type: 'number',
          minimum: 1,
          maximum: 10,
        },
      },
      $schema: 'http://json-schema.org/draft-07/schema#',
    },
    annotations: {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
  },
  {
    name: 'get-structured-content',
    title: 'Get Structured Content Tool',
    description:
      'Returns structured content along with an output schema for client data validation',
    inputSchema: {
      type: 'object',
      properties: {
        location: {
          type: 'string',
          enum: ['New York', 'Chicago', 'Los Angeles'],
          description: 'Choose city',
        },
      },
      required: ['location'],
      $schema: 'http://json-schema.org/draft-07/schema#',
    },
    outputSchema: {
      type: 'object',
      properties: {
        temperature: { type: 'number', description: 'Temperature in celsius' },
        conditions: { type: 'string', description: 'Weather conditions description' },
        humidity: { type: 'number', description: 'Humidity percentage' },
      },
      required: ['temperature', 'conditions', 'humidity'],
      $schema: 'http://json-schema.org/draft-07/schema#',
      additionalProperties: false,
    },
    annotations: {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
  },
  {
    name: 'gzip-file-as-resource',
    title: 'GZip File as Resource Tool',
    description:
      'Compresses a single file using gzip compression. Depending upon the selected output type, returns either the compressed data as a gzipped resource or a resource link, allowing it to be downloaded in a subsequent request during the current session.',
    inputSchema: {
      type: 'object',
      properties: {
        name: { default: 'README.md.gz', type: 'string', description: 'Name of the output file' },
        data: {
          default:
            'https://raw.githubusercontent.com/modelcontextprotocol/servers/refs/heads/main/README.md',
          type: 'string',
          format: 'uri',
          description: 'URL or data URI of the file content to compress',
        },
        outputType: {
          default: 'resourceLink',
          description:
            "How the resulting gzipped file should be returned. 'resourceLink' returns a link to a resource that can be read later, 'resource' returns a full resource object.",
          type: 'string',
          enum: ['resourceLink', 'resource'],
        },
      },
      $schema: 'http://json-schema.org/draft-07/schema#',
    },
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    },
  },
];

/** Finds a reference tool by name, failing loudly when the copy above lost it. */
export function referenceTool(name: string): Tool {
  const tool = [...filesystemTools, ...everythingTools].find(
    (candidate) => candidate.name === name,
  );
  if (!tool) throw new Error(`No reference tool named ${name}`);
  return tool;
}
