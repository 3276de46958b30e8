import { describe, expect, it } from 'vitest';
import { createHttpTransport } from '../../../electron/core/mcp/transport/configTransports';
import { isLoopbackHostname, unencryptedHost } from '../../../preload/schemas/clearText';

describe('which addresses are plain http:// to another computer', () => {
  it('lets https:// and this computer through', () => {
    for (const url of [
      'https://mcp.example.com/mcp',
      'http://localhost:3000/mcp',
      'http://LOCALHOST/mcp',
      'http://127.0.0.1:8080/',
      'http://127.1.2.3/',
      // URL writes these as 127.0.0.1: the decision looks at what will be connected to.
      'http://127.1/',
      'http://2130706433/',
      'http://[::1]:9000/',
      'http://[::ffff:127.0.0.1]/',
      'not an address',
    ])
      expect(unencryptedHost(url), url).toBeUndefined();
  });

  it('names the host of everything else at http://', () => {
    expect(unencryptedHost('http://mcp.example.com/mcp')).toBe('mcp.example.com');
    expect(unencryptedHost('http://192.168.1.20:8000/')).toBe('192.168.1.20');
    expect(unencryptedHost('http://0.0.0.0:8000/')).toBe('0.0.0.0');
    expect(unencryptedHost('http://[::2]/')).toBe('[::2]');
    expect(unencryptedHost('http://[::ffff:10.0.0.1]/')).toBe('[::ffff:a00:1]');
    // Names that only look like this computer are not it.
    expect(unencryptedHost('http://localhost.example.com/')).toBe('localhost.example.com');
    expect(unencryptedHost('http://127.0.0.1.nip.io/')).toBe('127.0.0.1.nip.io');
    expect(unencryptedHost('http://${HOST}/mcp')).toBe('${host}');
    expect(isLoopbackHostname('[::ffff:7f00:1]')).toBe(true);
  });
});

describe('the HTTP transport', () => {
  const base = { type: 'http' as const, protocol: 'auto' as const };
  const header = { name: 'Authorization', value: 'Bearer s3cret', secret: true };

  it('is not made for plain http:// to another computer unless the server allows it', () => {
    const refused = createHttpTransport(
      { ...base, url: 'http://mcp.example.com/mcp', headers: [header] },
      'streamable-http',
      {},
    );
    expect(refused).toEqual({
      ok: false,
      message:
        'Hearth did not connect. The address uses plain http:// to another computer (mcp.example.com), so the connection is not encrypted: anyone on the network between could read what Hearth sends, secret headers and sign-in tokens included, and change what comes back. Use its https:// address, or allow an unencrypted connection for this server in its settings.',
    });
    const allowed = createHttpTransport(
      { ...base, url: 'http://mcp.example.com/mcp', headers: [header], allowUnencrypted: true },
      'streamable-http',
      {},
    );
    expect(allowed.ok).toBe(true);
    for (const url of ['https://mcp.example.com/mcp', 'http://127.0.0.1:3000/mcp'])
      expect(createHttpTransport({ ...base, url, headers: [header] }, 'sse', {}).ok).toBe(true);
  });
});
