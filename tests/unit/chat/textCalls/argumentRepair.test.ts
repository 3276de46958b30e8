import { describe, expect, it } from 'vitest';
import {
  coerceToSchema,
  preciseProblems,
  repairedObject,
} from '../../../../electron/core/chat/toolCall/argumentRepair';
import {
  checkArguments,
  parseArguments,
} from '../../../../electron/core/chat/toolCall/toolArguments';
import { callForArguments } from '../../../../electron/core/chat/textCalls';
import { unreadToolArguments } from '../../../../electron/core/ollama/ollamaErrors';

const schema = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    days: { type: 'integer' },
    metric: { type: 'boolean' },
    filter: { type: 'object', properties: { min: { type: 'number' } } },
    tags: { type: 'array', items: { type: 'string' } },
    either: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
  },
  required: ['city'],
};

describe('arguments repaired', () => {
  it.each([
    ['a trailing comma', '{"city": "Paris",}', { city: 'Paris' }],
    ['single quotes', "{'city': 'Paris'}", { city: 'Paris' }],
    ['Python constants', "{'city': 'Paris', 'metric': True}", { city: 'Paris', metric: true }],
    ['unquoted keys', '{city: "Paris"}', { city: 'Paris' }],
    ['an object serialised twice', '"{\\"city\\": \\"Paris\\"}"', { city: 'Paris' }],
    ['a cut end', '{"city": "Paris"', { city: 'Paris' }],
  ])('reads %s', (_what, text, expected) => {
    expect(repairedObject(text)).toEqual(expected);
    expect(parseArguments(text)).toEqual({ ok: true, value: expected });
  });

  it('gives up on text that holds no object', () => {
    expect(repairedObject('Paris')).toBeUndefined();
    expect(parseArguments('[1, 2]')).toMatchObject({ ok: false });
  });
});

describe('values converted where the schema names one type', () => {
  it('converts plainly mistyped values', () => {
    expect(
      coerceToSchema(schema, {
        city: 75001,
        days: '3',
        metric: 'false',
        filter: '{"min": "2.5"}',
        tags: '["a", "b"]',
      }),
    ).toEqual({ city: '75001', days: 3, metric: false, filter: { min: 2.5 }, tags: ['a', 'b'] });
  });

  it('leaves alone what could be read two ways, or not at all', () => {
    const args = { city: 'Paris', days: '3.5', either: '4', metric: 'maybe' };
    expect(coerceToSchema(schema, args)).toEqual(args);
  });

  it('leaves out null for an optional field that takes no null', () => {
    expect(coerceToSchema(schema, { city: 'Paris', days: null })).toEqual({ city: 'Paris' });
    expect(coerceToSchema(schema, { city: null })).toEqual({ city: null });
  });
});

describe('what does not fit, said field by field', () => {
  it('names the field, what was expected and what was sent', () => {
    const problem = checkArguments(schema, { city: 'Paris', days: 'soon' });
    expect(problem).toBe('“days” must be integer, and you sent "soon"');
  });

  it('names a missing required field', () => {
    expect(checkArguments(schema, { days: 2 })).toBe('“city” is required, and it was missing');
  });

  it('says every problem, nested ones by their path', () => {
    expect(
      preciseProblems("data/filter/min must be number, data must have required property 'city'", {
        filter: { min: 'x' },
      }),
    ).toBe('“filter.min” must be number, and you sent "x"; “city” is required, and it was missing');
  });
});

describe('arguments Ollama could not read', () => {
  // harmony/harmonyparser.go: fmt.Errorf("error parsing tool call: raw='%s', err=%w", raw, err)
  it('are taken from harmony’s error, quotes and all', () => {
    expect(
      unreadToolArguments(
        "error parsing tool call: raw='{\"city\": 'Paris'}', err=invalid character '\\'' looking for beginning of value",
      ),
    ).toBe('{"city": \'Paris\'}');
    expect(unreadToolArguments('model runner has unexpectedly stopped')).toBeUndefined();
  });

  it('become a call when they fit exactly one offered tool', () => {
    const tools = [
      { modelName: 'w_weather', tool: 'weather', inputSchema: schema },
      {
        modelName: 'm_add',
        tool: 'add',
        inputSchema: {
          type: 'object',
          properties: { a: { type: 'number' } },
          required: ['a'],
          additionalProperties: false,
        },
      },
    ];
    expect(callForArguments("{'city': 'Paris',}", tools)).toEqual({
      name: 'w_weather',
      arguments: { city: 'Paris' },
    });
    // Fits neither, or (with a looser schema) both: no call.
    expect(callForArguments('{"b": 1}', tools)).toBeUndefined();
    expect(
      callForArguments('{"a": 1}', [...tools, { modelName: 'x', tool: 'x', inputSchema: {} }]),
    ).toBe(undefined);
  });
});
