import type { Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import {
  MAX_SCHEMA_DEPTH,
  MAX_TOOL_DESCRIPTION_LENGTH,
  toOllamaTool,
  toParameters,
} from '../../../../electron/core/mcp/offerings/modelTools';
import { referenceTool } from './referenceTools';

/** A tool with an arbitrary input schema, as an odd server might send it. */
function toolWith(inputSchema: unknown, extra: Partial<Tool> = {}): Tool {
  return { name: 'odd', inputSchema, ...extra } as Tool;
}

describe('toOllamaTool with the reference servers', () => {
  it('converts filesystem edit_file with its nested array of objects and a default', () => {
    const converted = toOllamaTool('filesystem_edit_file', referenceTool('edit_file'));
    expect(converted).toEqual({
      type: 'function',
      function: {
        name: 'filesystem_edit_file',
        description:
          'Make line-based edits to a text file. Each edit replaces exact line sequences with new content. Returns a git-style diff showing the changes made. Only works within allowed directories.',
        parameters: {
          type: 'object',
          properties: {
            path: { type: 'string' },
            edits: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  oldText: {
                    type: 'string',
                    description: 'Text to search for - must match exactly',
                  },
                  newText: { type: 'string', description: 'Text to replace with' },
                },
                required: ['oldText', 'newText'],
              },
            },
            dryRun: {
              type: 'boolean',
              description: 'Preview changes using git-style diff format. Default: false.',
            },
          },
          required: ['path', 'edits'],
        },
      },
    });
  });

  it('keeps enums and drops $schema from list_directory_with_sizes', () => {
    const { parameters } = toOllamaTool('x', referenceTool('list_directory_with_sizes')).function;
    expect(parameters.properties.sortBy).toEqual({
      type: 'string',
      enum: ['name', 'size'],
      description: 'Sort entries by name or size. Default: "name".',
    });
    expect(JSON.stringify(parameters)).not.toContain('$schema');
  });

  it('gives a tool without parameters empty properties and required', () => {
    const { parameters } = toOllamaTool('x', referenceTool('list_allowed_directories')).function;
    expect(parameters).toEqual({ type: 'object', properties: {}, required: [] });
  });

  it('puts format and default of everything’s gzip tool into the description', () => {
    const { parameters } = toOllamaTool('x', referenceTool('gzip-file-as-resource')).function;
    expect(parameters.properties.name?.description).toBe(
      'Name of the output file. Default: "README.md.gz".',
    );
    // The default URL is longer than a hint is worth; the format stays.
    expect(parameters.properties.data?.description).toBe(
      'URL or data URI of the file content to compress. Format: uri.',
    );
    expect(parameters.required).toEqual([]);
  });

  it('leaves out a default too long to be worth its tokens', () => {
    const parameters = toParameters({
      type: 'object',
      properties: { text: { type: 'string', default: 'x'.repeat(200) } },
    });
    expect(parameters.properties.text).toEqual({ type: 'string' });
  });
});

describe('toParameters with shapes pydantic and zod produce', () => {
  it('inlines $defs references and lets the sibling description win', () => {
    const parameters = toParameters({
      type: 'object',
      $defs: {
        Mode: { type: 'string', enum: ['fast', 'slow'], title: 'Mode' },
        Range: {
          type: 'object',
          properties: { start: { type: 'integer' }, end: { type: 'integer' } },
          required: ['start'],
          additionalProperties: false,
        },
      },
      properties: {
        mode: { $ref: '#/$defs/Mode', description: 'How hard to try' },
        range: { $ref: '#/$defs/Range' },
      },
      required: ['mode', 'missing'],
    });
    expect(parameters).toEqual({
      type: 'object',
      properties: {
        mode: { type: 'string', enum: ['fast', 'slow'], description: 'How hard to try' },
        range: {
          type: 'object',
          properties: { start: { type: 'integer' }, end: { type: 'integer' } },
          required: ['start'],
        },
      },
      required: ['mode'],
    });
  });

  it('resolves #/definitions references and escaped pointer segments', () => {
    const parameters = toParameters({
      type: 'object',
      definitions: { 'a/b': { type: 'number' } },
      properties: { value: { $ref: '#/definitions/a~1b' } },
    });
    expect(parameters.properties.value).toEqual({ type: 'number' });
  });

  it('turns a recursive $ref into an object with a note instead of looping', () => {
    const parameters = toParameters({
      type: 'object',
      $defs: {
        Node: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/Node' } },
          },
        },
      },
      properties: { tree: { $ref: '#/$defs/Node' } },
    });
    const children = parameters.properties.tree?.properties?.children;
    expect(children?.type).toBe('array');
    expect(children?.items).toEqual({
      type: 'object',
      description: 'A Node (recursive; its fields are not shown).',
    });
  });

  it('handles a reference to the root schema', () => {
    const parameters = toParameters({
      type: 'object',
      properties: { next: { $ref: '#' }, label: { type: 'string' } },
    });
    expect(parameters.properties.label).toEqual({ type: 'string' });
    expect(parameters.properties.next?.properties?.next?.description).toContain('recursive');
  });

  it('collapses anyOf and oneOf of a type and null to that type', () => {
    const parameters = toParameters({
      type: 'object',
      properties: {
        limit: { anyOf: [{ type: 'integer' }, { type: 'null' }], default: null, title: 'Limit' },
        tags: {
          oneOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }],
          description: 'Tags to match',
        },
      },
    });
    expect(parameters.properties.limit).toEqual({ type: 'integer', description: 'Limit' });
    expect(parameters.properties.tags).toEqual({
      type: 'array',
      items: { type: 'string' },
      description: 'Tags to match',
    });
  });

  it('keeps the first member of another union and lists the alternatives', () => {
    const parameters = toParameters({
      type: 'object',
      properties: {
        id: {
          anyOf: [
            { type: 'string' },
            { type: 'integer' },
            { type: 'array', items: { type: 'string' } },
          ],
          description: 'Which record',
        },
      },
    });
    expect(parameters.properties.id).toEqual({
      type: 'string',
      description: 'Which record. Also accepts: integer; array of string.',
    });
  });

  it('turns a union of constants into one enum', () => {
    const parameters = toParameters({
      type: 'object',
      properties: {
        unit: {
          anyOf: [{ type: 'string', const: 'c' }, { type: 'string', const: 'f' }, { type: 'null' }],
        },
      },
    });
    expect(parameters.properties.unit).toEqual({ type: 'string', enum: ['c', 'f'] });
  });

  it('turns type lists with null into the single type', () => {
    const parameters = toParameters({
      type: 'object',
      properties: {
        name: { type: ['string', 'null'] },
        size: { type: ['integer', 'string'] },
      },
    });
    expect(parameters.properties.name).toEqual({ type: 'string' });
    expect(parameters.properties.size).toEqual({
      type: 'integer',
      description: 'Also accepts: string.',
    });
  });

  it('merges allOf members into one object', () => {
    const parameters = toParameters({
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        { properties: { b: { type: 'number' } }, required: ['b'] },
      ],
    });
    expect(parameters).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'number' } },
      required: ['a', 'b'],
    });
  });

  it('infers object and array types and keeps nested arrays of arrays', () => {
    const parameters = toParameters({
      properties: {
        matrix: { items: { type: 'array', items: { type: 'number' } } },
        options: { properties: { verbose: { type: 'boolean' } } },
      },
    });
    expect(parameters.properties.matrix).toEqual({
      type: 'array',
      items: { type: 'array', items: { type: 'number' } },
    });
    expect(parameters.properties.options).toEqual({
      type: 'object',
      properties: { verbose: { type: 'boolean' } },
    });
  });

  it('keeps a field named __proto__ as a field', () => {
    const parameters = toParameters(
      JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}'),
    );
    expect(Object.keys(parameters.properties)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(parameters.properties)).toBe(Object.prototype);
  });

  it('stops at the depth limit', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < MAX_SCHEMA_DEPTH * 3; level += 1) {
      schema = { type: 'object', properties: { inner: schema } };
    }
    const text = JSON.stringify(toParameters(schema));
    expect(text).toContain('Nested too deeply');
    expect(text.split('"inner"').length - 1).toBeLessThanOrEqual(MAX_SCHEMA_DEPTH + 1);
  });
});

describe('toOllamaTool with odd input', () => {
  it.each([
    ['a missing schema', undefined],
    ['null', null],
    ['a string', 'object'],
    ['an array', [1, 2]],
    ['the boolean schema true', true],
    ['properties that are not an object', { type: 'object', properties: 'nope', required: 'x' }],
    ['a $ref to nowhere', { $ref: '#/$defs/Missing' }],
    ['a remote $ref', { $ref: 'https://example.com/schema.json' }],
    ['an empty anyOf', { anyOf: [] }],
  ])('never throws on %s and still offers an object', (_label, inputSchema) => {
    const converted = toOllamaTool('x', toolWith(inputSchema));
    expect(converted.function.parameters).toEqual({ type: 'object', properties: {}, required: [] });
  });

  it('treats property schemas true and false as any value and as not offered', () => {
    const parameters = toParameters({
      type: 'object',
      properties: { anything: true, forbidden: false },
      required: ['anything', 'forbidden'],
    });
    expect(parameters).toEqual({
      type: 'object',
      properties: { anything: {} },
      required: ['anything'],
    });
  });

  it('survives a getter that throws', () => {
    const schema = {
      type: 'object',
      get properties(): never {
        throw new Error('boom');
      },
    };
    expect(toParameters(schema)).toEqual({ type: 'object', properties: {}, required: [] });
  });
});

describe('tool descriptions', () => {
  it('falls back to the title, then to a sentence naming tool and server', () => {
    expect(toOllamaTool('x', toolWith({}, { title: 'Read' })).function.description).toBe('Read');
    expect(
      toOllamaTool('x', toolWith({}, { description: '  ' }), 'files').function.description,
    ).toBe('Tool “odd” on server “files”.');
  });

  it('cuts a long description to the limit and marks the cut', () => {
    const long = 'word '.repeat(2_000);
    const { description } = toOllamaTool('x', toolWith({}, { description: long })).function;
    expect(description.length).toBeLessThanOrEqual(MAX_TOOL_DESCRIPTION_LENGTH);
    expect(description.endsWith('…')).toBe(true);
  });
});
