import { describe, expect, it } from 'vitest';
import { matchesAnyCspSource, matchesCspSource } from '../../../electron/core/security/cspSource';

describe('matching a URL against a CSP source, as frame-src does', () => {
  it.each([
    ['https://maps.example.com/embed?q=1', 'https://maps.example.com'],
    ['https://maps.example.com:443/', 'https://maps.example.com'],
    ['https://a.b.example.com/', 'https://*.example.com'],
    ['https://maps.example.com:8443/x', 'https://maps.example.com:*'],
    ['https://maps.example.com:8443/x', 'https://maps.example.com:8443'],
    ['https://maps.example.com/', 'http://maps.example.com'],
    ['https://maps.example.com/embed/v2/x', 'https://maps.example.com/embed/'],
    ['https://maps.example.com/embed', 'https://maps.example.com/embed'],
  ])('%s matches %s', (url, source) => expect(matchesCspSource(url, source)).toBe(true));

  it.each([
    ['https://example.com/', 'https://*.example.com'],
    ['https://evil.com/', 'https://maps.example.com'],
    ['https://maps.example.com.evil.com/', 'https://maps.example.com'],
    ['http://maps.example.com/', 'https://maps.example.com'],
    ['https://maps.example.com:8443/', 'https://maps.example.com'],
    ['https://maps.example.com/other', 'https://maps.example.com/embed/'],
    ['https://maps.example.com/embed/x', 'https://maps.example.com/embed'],
    ['javascript:alert(1)', 'https://maps.example.com'],
    ['not a url', 'https://maps.example.com'],
    ['https://maps.example.com/', "'self'"],
  ])('%s does not match %s', (url, source) => expect(matchesCspSource(url, source)).toBe(false));

  it('matches none of no sources', () => {
    expect(matchesAnyCspSource('https://maps.example.com/', [])).toBe(false);
  });
});
