import { describe, expect, it } from 'vitest';
import type { BundleUserConfigField } from '../../../../../preload/schemas/bundles';
import {
  initialValues,
  missingRequired,
  valuesToSend,
} from '../../../../../renderer/src/servers/bundles/BundleSettingsFields';

const field = (overrides: Partial<BundleUserConfigField>): BundleUserConfigField => ({
  key: 'key',
  type: 'string',
  title: 'Title',
  description: '',
  required: false,
  sensitive: false,
  multiple: false,
  ...overrides,
});

describe('the bundle settings form', () => {
  const fields = [
    field({ key: 'greeting', title: 'Greeting', required: true, default: 'Hi' }),
    field({ key: 'token', title: 'Token', required: true, sensitive: true, secretStored: true }),
    field({ key: 'dirs', type: 'directory', multiple: true, default: ['/a', '/b'] }),
    field({ key: 'size', type: 'number', current: 5 }),
    field({ key: 'fast', type: 'boolean', default: true }),
  ];

  it('starts from the kept value, else the default, several values one per line', () => {
    expect(initialValues(fields)).toEqual({
      greeting: 'Hi',
      token: '',
      dirs: '/a\n/b',
      size: '5',
      fast: true,
    });
  });

  it('sends numbers as numbers and lines as a list, and leaves out a stored secret left empty', () => {
    expect(
      valuesToSend(fields, {
        greeting: 'Yo',
        token: '',
        dirs: ' /x \n\n/y',
        size: '7',
        fast: false,
      }),
    ).toEqual({ greeting: 'Yo', dirs: ['/x', '/y'], size: 7, fast: false });
  });

  it('names the required settings still empty, but not a secret already stored', () => {
    expect(missingRequired(fields, { greeting: '  ', token: '' })).toEqual(['Greeting']);
  });
});
