import { describe, expect, it } from 'vitest';
import { nodeSatisfies } from '../../../electron/core/bundles/bundleService';

describe('the Node.js a bundle asks for', () => {
  it('compares the lowest version a range asks for with the Node Hearth runs bundles on', () => {
    expect(nodeSatisfies('>=18.0.0', '22.12.0')).toBe(true);
    expect(nodeSatisfies('^22.13', '22.12.0')).toBe(false);
    expect(nodeSatisfies('>=25', '24.1.0')).toBe(false);
    expect(nodeSatisfies('anything', '22.12.0')).toBe(true);
  });
});
