import { describe, expect, it } from 'vitest';
import {
  appFromReadResult,
  cleanDomains,
  toolAppResourceUri,
} from '../../../electron/core/mcp/offerings/uiResources/appResource';
import {
  appContentSecurityPolicy,
  sandboxPageHtml,
} from '../../../electron/core/mcp/offerings/uiResources/sandboxPage';

describe('the app a tool declares', () => {
  it('reads `_meta.ui.resourceUri` and the older `_meta["ui/resourceUri"]`', () => {
    expect(toolAppResourceUri({ _meta: { ui: { resourceUri: 'ui://a/b' } } })).toBe('ui://a/b');
    expect(toolAppResourceUri({ _meta: { 'ui/resourceUri': 'ui://old/x' } })).toBe('ui://old/x');
    expect(toolAppResourceUri({ _meta: { ui: { resourceUri: 'https://a/b' } } })).toBeUndefined();
    expect(toolAppResourceUri({})).toBeUndefined();
  });

  it('takes HTML from text or base64 and refuses other types', () => {
    const uri = 'ui://a/b';
    const mimeType = 'text/html;profile=mcp-app';
    expect(appFromReadResult({ contents: [{ uri, mimeType, text: '<p>x' }] }, uri).html).toBe(
      '<p>x',
    );
    const blob = Buffer.from('<p>y').toString('base64');
    expect(appFromReadResult({ contents: [{ uri, mimeType, blob }] }, uri).html).toBe('<p>y');
    expect(() =>
      appFromReadResult({ contents: [{ uri, mimeType: 'text/plain', text: 'x' }] }, uri),
    ).toThrow(/not an app/);
    expect(() => appFromReadResult({ contents: [] }, uri)).toThrow(/nothing/);
  });
});

describe('the sandbox page', () => {
  it('keeps only real sources in the CSP', () => {
    expect(
      cleanDomains([
        'https://api.example.com',
        'wss://*.example.org:443',
        "'unsafe-eval'",
        'https://a.com; script-src *',
        'https://a.com b.com',
        '*',
        'javascript:alert(1)',
      ]),
    ).toEqual(['https://api.example.com', 'wss://*.example.org:443']);
  });

  it('blocks connections, frames, plugins and form posts that were not declared', () => {
    const policy = appContentSecurityPolicy(undefined, ['http://127.0.0.1:4000']);
    expect(policy).toContain("connect-src 'self';");
    expect(policy).toContain("frame-src 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("form-action 'none'");
    expect(policy).toContain('frame-ancestors http://127.0.0.1:4000');
  });

  it('names only Hearth’s origins and never asks for popups or top navigation', () => {
    const html = sandboxPageHtml(['http://127.0.0.1:4000']);
    expect(html).toContain('"hosts":["http://127.0.0.1:4000"]');
    expect(html).not.toMatch(/allow-popups|allow-top-navigation/);
    expect(sandboxPageHtml(['</script><script>alert(1)</script>'])).not.toContain(
      '</script><script>',
    );
  });
});
