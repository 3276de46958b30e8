import { describe, expect, it } from 'vitest';
import { satisfiesRange } from '../../../electron/core/bundles/versionRange';

// Ranges as npm's semver reads them (node-semver README, "Ranges"): a bundle asking for Node ^18
// does not run on any newer Node, and Hearth prefers a Node.js that really meets the range.
describe('a Node version against a bundle’s range', () => {
  it.each([
    ['>=18', '22.11.0', true],
    ['>=18.0.0', '16.20.2', false],
    ['^18', '22.11.0', false],
    ['^18', '18.20.4', true],
    ['^22.13', '22.12.0', false],
    ['^0.2.3', '0.3.0', false],
    ['~20.1', '20.2.0', false],
    ['~20.1', '20.1.9', true],
    ['>=18 <21', '22.1.0', false],
    ['>= 18 < 21', '20.1.0', true],
    ['18 || 20', '20.3.1', true],
    ['18 || 20', '22.0.0', false],
    ['18.x', '18.4.0', true],
    ['20.x', '22.0.0', false],
    ['16 - 20', '20.9.0', true],
    ['16 - 20', '21.0.0', false],
    ['>20', '20.5.0', false],
    ['>20.1.0', '20.5.0', true],
    ['<=20', '20.9.0', true],
    ['*', '24.18.1', true],
    ['v22.11.0', 'v22.11.0', true],
    ['anything', '22.12.0', true],
  ])('%s with %s: %s', (range, version, expected) => {
    expect(satisfiesRange(range, version)).toBe(expected);
  });
});
