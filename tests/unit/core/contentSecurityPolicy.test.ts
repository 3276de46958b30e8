import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  securityHeaders,
  type PolicyOptions,
} from '../../../electron/core/security/contentSecurityPolicy';

/** Parses a policy into directive name → source list, failing on duplicates or empty parts. */
function parse(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name = '', ...sources] = part.trim().split(/\s+/);
    expect(name, `empty directive in ${policy}`).not.toBe('');
    expect(directives.has(name), `duplicate ${name}`).toBe(false);
    directives.set(name, sources);
  }
  return directives;
}

function directivesOf(options?: PolicyOptions): Map<string, string[]> {
  return parse(contentSecurityPolicy(options));
}

const ALL_DIRECTIVES = [
  'default-src',
  'script-src',
  'style-src',
  'img-src',
  'font-src',
  'media-src',
  'connect-src',
  'worker-src',
  'manifest-src',
  'object-src',
  'frame-src',
  'frame-ancestors',
  'base-uri',
  'form-action',
];

describe('contentSecurityPolicy in production', () => {
  const production = directivesOf();

  it('allows scripts from the app itself and nothing else', () => {
    expect(production.get('script-src')).toEqual(["'self'"]);
  });

  it('never allows inline code, eval or remote hosts anywhere', () => {
    for (const [name, sources] of production) {
      for (const source of sources) {
        expect(source, name).not.toMatch(/unsafe-|^https?:|^ws:|\*/);
      }
    }
  });

  it('denies by default and closes plugins, base URLs, framing and forms', () => {
    expect(production.get('default-src')).toEqual(["'none'"]);
    expect(production.get('object-src')).toEqual(["'none'"]);
    expect(production.get('base-uri')).toEqual(["'none'"]);
    expect(production.get('frame-ancestors')).toEqual(["'none'"]);
    expect(production.get('frame-src')).toEqual(["'none'"]);
    expect(production.get('form-action')).toEqual(["'none'"]);
  });

  it('connects only to its own origin', () => {
    expect(production.get('connect-src')).toEqual(["'self'"]);
  });

  it('has exactly the expected directives', () => {
    expect([...production.keys()].sort()).toEqual([...ALL_DIRECTIVES].sort());
  });
});

describe('contentSecurityPolicy for a meta tag', () => {
  it('drops frame-ancestors and changes nothing else', () => {
    const header = directivesOf();
    const meta = directivesOf({ forMetaTag: true });
    expect(meta.has('frame-ancestors')).toBe(false);
    header.delete('frame-ancestors');
    expect(meta).toEqual(header);
  });

  it('drops frame-ancestors in development too', () => {
    expect(directivesOf({ development: true, forMetaTag: true }).has('frame-ancestors')).toBe(
      false,
    );
  });
});

describe('contentSecurityPolicy in development', () => {
  const development = directivesOf({ development: true });

  it("adds 'unsafe-inline' to scripts and styles for Vite's preamble", () => {
    expect(development.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(development.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("never adds 'unsafe-eval' or remote script hosts", () => {
    for (const [name, sources] of development) {
      expect(sources, name).not.toContain("'unsafe-eval'");
    }
    expect((development.get('script-src') ?? []).some((source) => source.includes(':'))).toBe(
      false,
    );
  });

  it('keeps the lock-down directives of production', () => {
    for (const name of ['default-src', 'object-src', 'base-uri', 'frame-ancestors']) {
      expect(development.get(name), name).toEqual(["'none'"]);
    }
  });

  it('opens connect-src only to loopback hot-reload servers', () => {
    const connect = development.get('connect-src') ?? [];
    expect(connect).toContain("'self'");
    for (const source of connect.filter((s) => s !== "'self'" && s !== 'ws:')) {
      expect(source).toMatch(/^http:\/\/(localhost|127\.0\.0\.1):\*$/);
    }
  });
});

describe('securityHeaders', () => {
  it('carries the production policy and nosniff by default', () => {
    const headers = securityHeaders();
    expect(headers['Content-Security-Policy']).toBe(contentSecurityPolicy());
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('no-referrer');
    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin');
  });

  it('keeps frame-ancestors in the header, where browsers honour it', () => {
    const policy = parse(securityHeaders()['Content-Security-Policy'] ?? '');
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('passes the development option through to the policy', () => {
    const policy = parse(securityHeaders({ development: true })['Content-Security-Policy'] ?? '');
    expect(policy.get('script-src')).toContain("'unsafe-inline'");
  });
});
