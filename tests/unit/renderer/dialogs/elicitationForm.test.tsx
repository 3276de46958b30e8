import { beforeAll, describe, expect, it } from 'vitest';
import {
  contentOf,
  fieldsOf,
  initialValues,
  validate,
  type Field,
} from '../../../../renderer/src/dialogs/elicitationForm';
import { everythingSchema } from './questionFixtures';

let fields: Field[];
const byName = (name: string): Field => {
  const field = fields.find((known) => known.name === name);
  if (!field) throw new Error(`no field ${name}`);
  return field;
};

beforeAll(async () => {
  fields = fieldsOf(await everythingSchema());
});

describe('the fields of a requested schema', () => {
  it("describes every field of server-everything's form, in order", () => {
    expect(fields.map((field) => [field.name, field.kind, field.label, field.required])).toEqual([
      ['name', 'text', 'String', true],
      ['check', 'boolean', 'Boolean', false],
      ['firstLine', 'text', 'String with default', false],
      ['email', 'email', 'String with email format', false],
      ['homepage', 'url', 'String with uri format', false],
      ['birthdate', 'date', 'String with date format', false],
      ['integer', 'integer', 'Integer', false],
      ['number', 'number', 'Number in range 1-1000', false],
      ['untitledSingleSelectEnum', 'select', 'Untitled Single Select Enum', false],
      ['untitledMultipleSelectEnum', 'multiselect', 'Untitled Multiple Select Enum', false],
      ['titledSingleSelectEnum', 'select', 'Titled Single Select Enum', false],
      ['titledMultipleSelectEnum', 'multiselect', 'Titled Multiple Select Enum', false],
      ['legacyTitledEnum', 'select', 'Legacy Titled Single Select Enum', false],
    ]);
    expect(byName('name').description).toBe('Your full, legal name');
    expect(byName('integer')).toMatchObject({ minimum: 1, maximum: 100 });
    expect(byName('untitledMultipleSelectEnum')).toMatchObject({ minItems: 1, maxItems: 3 });
  });

  it('reads options from enum, enumNames, oneOf and items.anyOf', () => {
    expect(byName('untitledSingleSelectEnum').options?.slice(0, 2)).toEqual([
      { value: 'Monica', label: 'Monica' },
      { value: 'Rachel', label: 'Rachel' },
    ]);
    expect(byName('titledSingleSelectEnum').options).toEqual([
      { value: 'hero-1', label: 'Superman' },
      { value: 'hero-2', label: 'Green Lantern' },
      { value: 'hero-3', label: 'Wonder Woman' },
    ]);
    expect(byName('titledMultipleSelectEnum').options?.map((option) => option.label)).toEqual([
      'Tuna',
      'Salmon',
      'Trout',
    ]);
    expect(byName('legacyTitledEnum').options?.[1]).toEqual({ value: 'pet-2', label: 'Dogs' });
    expect(byName('untitledMultipleSelectEnum').options).toHaveLength(5);
  });

  it('pre-fills the defaults, and leaves the rest empty', () => {
    expect(initialValues(fields)).toEqual({
      name: '',
      check: false,
      firstLine: 'It was a dark and stormy night.',
      email: '',
      homepage: '',
      birthdate: '',
      integer: '42',
      number: '3.14',
      untitledSingleSelectEnum: 'Monica',
      untitledMultipleSelectEnum: ['Guitar'],
      titledSingleSelectEnum: 'hero-1',
      titledMultipleSelectEnum: ['fish-1'],
      legacyTitledEnum: 'pet-1',
    });
  });

  it('turns what it cannot ask for into a note, and never throws on a strange schema', () => {
    const odd = fieldsOf({
      type: 'object',
      properties: {
        address: { type: 'object', properties: {} },
        tags: { type: 'array', items: { type: 'number' } },
        broken: 'not a property',
        mystery: {},
        pick: { type: 'string', enum: [1, 2] },
        ok: { type: 'boolean', default: 'yes' },
      },
      required: ['address', 42],
    });
    expect(odd.map((field) => [field.name, field.kind])).toEqual([
      ['address', 'note'],
      ['tags', 'note'],
      ['broken', 'note'],
      ['mystery', 'note'],
      ['pick', 'note'],
      ['ok', 'boolean'],
    ]);
    expect(odd[0]).toMatchObject({ required: true, unsupported: 'a value of type object' });
    expect(initialValues(odd)).toEqual({ ok: false });
    expect(validate(odd, {}).get('address')).toMatch(/cannot fill this in/);
    for (const schema of [undefined, null, 'x', [], { properties: [] }, { properties: null }]) {
      expect(fieldsOf(schema)).toEqual([]);
    }
  });

  it('ignores defaults that are not among the options', () => {
    const [pick, many] = fieldsOf({
      properties: {
        pick: { type: 'string', enum: ['a', 'b'], default: 'z' },
        many: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['b', 'z'] },
      },
    });
    expect(initialValues([pick, many].filter((field) => field !== undefined))).toEqual({
      pick: '',
      many: ['b'],
    });
  });
});

describe('validating the form', () => {
  it('accepts the defaults once the required name is given, and asks for it otherwise', () => {
    const values = initialValues(fields);
    expect([...validate(fields, values)]).toEqual([['name', 'Required.']]);
    expect(validate(fields, { ...values, name: '   ' }).get('name')).toBe('Required.');
    expect(validate(fields, { ...values, name: 'Ada Lovelace' }).size).toBe(0);
  });

  it('checks ranges, whole numbers, shapes and the number of choices', () => {
    const values = { ...initialValues(fields), name: 'Ada' };
    const problem = (name: string, value: string | string[]) =>
      validate(fields, { ...values, [name]: value }).get(name);
    expect(problem('integer', '0')).toBe('Must be at least 1.');
    expect(problem('integer', '101')).toBe('Must be at most 100.');
    expect(problem('integer', '4.5')).toBe('Enter a whole number.');
    expect(problem('integer', '100')).toBeUndefined();
    expect(problem('number', 'abc')).toBe('Enter a number.');
    expect(problem('number', '1000.5')).toBe('Must be at most 1000.');
    expect(problem('number', '-1')).toBe('Must be at least 0.');
    expect(problem('number', '999.9')).toBeUndefined();
    expect(problem('email', 'ada@')).toMatch(/email address/);
    expect(problem('email', 'ada@example.org')).toBeUndefined();
    expect(problem('homepage', 'example.org')).toMatch(/full address/);
    expect(problem('homepage', 'https://example.org/me')).toBeUndefined();
    expect(problem('birthdate', '1815-02-30')).toMatch(/YYYY-MM-DD/);
    expect(problem('birthdate', '1815-12-10')).toBeUndefined();
    // Optional: choosing nothing leaves it out; choosing too many is wrong.
    expect(problem('untitledMultipleSelectEnum', [])).toBeUndefined();
    expect(problem('untitledMultipleSelectEnum', ['Guitar', 'Piano', 'Drums', 'Bass'])).toBe(
      'Choose at most 3.',
    );
    expect(problem('titledSingleSelectEnum', 'hero-9')).toBe('Choose one.');
  });

  it('checks lengths, and required choices', () => {
    const form = fieldsOf({
      properties: {
        code: { type: 'string', minLength: 3, maxLength: 5 },
        colour: { type: 'string', enum: ['red', 'blue'] },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
        pair: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, minItems: 2 },
      },
      required: ['colour', 'tags'],
    });
    const problems = validate(form, { code: 'ab', colour: '', tags: [], pair: ['c'] });
    expect(Object.fromEntries(problems)).toEqual({
      code: 'Use at least 3 characters.',
      colour: 'Choose one.',
      tags: 'Choose at least one.',
      pair: 'Choose at least 2.',
    });
    const long = { code: 'abcdef', colour: 'red', tags: ['a'], pair: [] };
    expect(validate(form, long).get('code')).toBe('Use at most 5 characters.');
    expect(validate(form, { code: '', colour: 'blue', tags: ['b'], pair: ['a', 'c'] }).size).toBe(
      0,
    );
  });
});

describe('the content sent back', () => {
  it('sends numbers as numbers, booleans, choices, and leaves out empty optional fields', () => {
    const values = { ...initialValues(fields), name: 'Ada', check: true, integer: '7' };
    expect(contentOf(fields, values)).toEqual({
      name: 'Ada',
      check: true,
      firstLine: 'It was a dark and stormy night.',
      integer: 7,
      number: 3.14,
      untitledSingleSelectEnum: 'Monica',
      untitledMultipleSelectEnum: ['Guitar'],
      titledSingleSelectEnum: 'hero-1',
      titledMultipleSelectEnum: ['fish-1'],
      legacyTitledEnum: 'pet-1',
    });
  });

  it('sends a date-time as RFC 3339, and leaves notes out', () => {
    const form = fieldsOf({
      properties: {
        when: { type: 'string', format: 'date-time' },
        blob: { type: 'object' },
      },
    });
    const content = contentOf(form, { when: '2025-06-01T09:30' });
    expect(content.when).toBe(new Date('2025-06-01T09:30').toISOString());
    expect(Object.keys(content)).toEqual(['when']);
  });
});
