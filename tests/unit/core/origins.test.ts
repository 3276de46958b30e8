import { describe, expect, it } from 'vitest';
import { isLoopbackHost, isSameOrigin, originOf } from '../../../electron/core/security/origins';

const APP = 'app://hearth';
const DEV = 'http://127.0.0.1:5173';

describe('originOf', () => {
  it('gives the custom app scheme a real origin where URL.origin says "null"', () => {
    expect(new URL('app://hearth/index.html').origin).toBe('null');
    expect(originOf('app://hearth/index.html')).toBe('app://hearth');
  });

  it('keeps a non-default port and drops a default one', () => {
    expect(originOf('http://127.0.0.1:5173/a?b#c')).toBe('http://127.0.0.1:5173');
    expect(originOf('https://example.test:443/')).toBe('https://example.test');
  });

  it('lowercases scheme and host, including the opaque host of a custom scheme', () => {
    expect(originOf('APP://HEARTH/x')).toBe('app://hearth');
    expect(originOf('HTTP://LocalHost:8080')).toBe('http://localhost:8080');
  });

  it('returns undefined for URLs without a host', () => {
    expect(originOf('about:blank')).toBeUndefined();
    expect(originOf('data:text/html,<p>hi</p>')).toBeUndefined();
    expect(originOf('file:///etc/passwd')).toBeUndefined();
    expect(originOf('javascript:alert(1)')).toBeUndefined();
  });

  it('returns undefined for strings that do not parse as URLs', () => {
    expect(originOf('')).toBeUndefined();
    expect(originOf('not a url')).toBeUndefined();
    expect(originOf('/relative/path')).toBeUndefined();
    expect(originOf('http://127.0.0.1:5173.evil.test/')).toBeUndefined();
  });
});

describe('isSameOrigin', () => {
  it('accepts any page of the app origin', () => {
    expect(isSameOrigin('app://hearth/', APP)).toBe(true);
    expect(isSameOrigin('app://hearth/settings?tab=1#top', APP)).toBe(true);
    expect(isSameOrigin('http://127.0.0.1:5173/src/main.tsx', DEV)).toBe(true);
  });

  it('ignores case differences in scheme and host', () => {
    expect(isSameOrigin('APP://Hearth/index.html', APP)).toBe(true);
    expect(isSameOrigin('http://LOCALHOST:5173/', 'http://localhost:5173')).toBe(true);
  });

  it('refuses hosts that merely start with the app host', () => {
    expect(isSameOrigin('app://hearth.evil/', APP)).toBe(false);
    expect(isSameOrigin('app://hearthx/', APP)).toBe(false);
    expect(isSameOrigin('http://127.0.0.1:5173.evil.test/', DEV)).toBe(false);
    expect(isSameOrigin('http://127.0.0.1:51730/', DEV)).toBe(false);
  });

  it('refuses userinfo tricks that put the expected origin before an @', () => {
    expect(isSameOrigin('http://127.0.0.1:5173@evil.test/', DEV)).toBe(false);
    expect(isSameOrigin('app://hearth@evil.test/', APP)).toBe(false);
  });

  it('refuses a different port', () => {
    expect(isSameOrigin('http://127.0.0.1:5174/', DEV)).toBe(false);
    expect(isSameOrigin('http://127.0.0.1/', DEV)).toBe(false);
  });

  it('refuses a different scheme on the same host and port', () => {
    expect(isSameOrigin('https://127.0.0.1:5173/', DEV)).toBe(false);
    expect(isSameOrigin('ws://127.0.0.1:5173/', DEV)).toBe(false);
    expect(isSameOrigin('http://hearth/', APP)).toBe(false);
  });

  it('refuses URLs without a host even against a host-less origin', () => {
    expect(isSameOrigin('about:blank', APP)).toBe(false);
    expect(isSameOrigin('about:blank', 'about:blank')).toBe(false);
    expect(isSameOrigin('data:text/html,hi', APP)).toBe(false);
    expect(isSameOrigin('file:///C:/Hearth/index.html', 'file:///C:/Hearth/')).toBe(false);
  });

  it('refuses unparseable URLs, also when the origin itself is unparseable', () => {
    expect(isSameOrigin('not a url', APP)).toBe(false);
    expect(isSameOrigin('', APP)).toBe(false);
    expect(isSameOrigin('garbage', 'garbage')).toBe(false);
  });
});

describe('isLoopbackHost', () => {
  it('accepts localhost, the whole 127.0.0.0/8 block and [::1]', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.255.0.9', '[::1]']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
  });

  it('refuses addresses and names that only look like loopback', () => {
    for (const host of [
      '128.0.0.1',
      '0.0.0.0',
      'localhost.evil.test',
      'evil-localhost',
      '127.0.0.1.evil.test',
      '127.0.0',
      '::1.evil.test',
      '10.0.0.1',
      '',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('accepts the hostname URL produces for shortened and IPv6 loopback forms', () => {
    expect(isLoopbackHost(new URL('http://127.1/').hostname)).toBe(true);
    expect(isLoopbackHost(new URL('http://[0:0:0:0:0:0:0:1]/').hostname)).toBe(true);
  });
});
