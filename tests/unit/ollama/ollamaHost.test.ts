import { describe, expect, it } from 'vitest';
import { resolveOllamaHost } from '../../../electron/core/ollama/ollamaService';
import {
  connectableOllamaHost,
  envValue,
  hostString,
  ollamaClientAddress,
  ollamaHost,
} from '../../../preload/ollamaHost';

// Every row of TestHost and TestConnectableHost in ollama/ollama envconfig/config_test.go; each
// value goes through envconfig.Var (envValue) first, as OLLAMA_HOST does.
describe('OLLAMA_HOST read as envconfig.Host', () => {
  it.each([
    ['empty', '', 'http://127.0.0.1:11434'],
    ['only address', '1.2.3.4', 'http://1.2.3.4:11434'],
    ['only port', ':1234', 'http://:1234'],
    ['address and port', '1.2.3.4:1234', 'http://1.2.3.4:1234'],
    ['hostname', 'example.com', 'http://example.com:11434'],
    ['hostname and port', 'example.com:1234', 'http://example.com:1234'],
    ['zero port', ':0', 'http://:0'],
    ['too large port', ':66000', 'http://:11434'],
    ['too small port', ':-1', 'http://:11434'],
    ['ipv6 localhost', '[::1]', 'http://[::1]:11434'],
    ['ipv6 world open', '[::]', 'http://[::]:11434'],
    ['ipv6 no brackets', '::1', 'http://[::1]:11434'],
    ['ipv6 + port', '[::1]:1337', 'http://[::1]:1337'],
    ['extra space', ' 1.2.3.4 ', 'http://1.2.3.4:11434'],
    ['extra quotes', '"1.2.3.4"', 'http://1.2.3.4:11434'],
    ['extra space+quotes', ' " 1.2.3.4 " ', 'http://1.2.3.4:11434'],
    ['extra single quotes', "'1.2.3.4'", 'http://1.2.3.4:11434'],
    ['http', 'http://1.2.3.4', 'http://1.2.3.4:80'],
    ['http port', 'http://1.2.3.4:4321', 'http://1.2.3.4:4321'],
    ['https', 'https://1.2.3.4', 'https://1.2.3.4:443'],
    ['https port', 'https://1.2.3.4:4321', 'https://1.2.3.4:4321'],
    ['proxy path', 'https://example.com/ollama', 'https://example.com:443/ollama'],
    ['ollama.com', 'ollama.com', 'https://ollama.com:443'],
  ])('%s: %o is %s', (_name, value, expected) => {
    expect(hostString(ollamaHost(envValue(value)))).toBe(expected);
  });
});

describe('OLLAMA_HOST read as envconfig.ConnectableHost', () => {
  it.each([
    ['empty', '', 'http://127.0.0.1:11434'],
    ['localhost', '127.0.0.1', 'http://127.0.0.1:11434'],
    ['localhost and port', '127.0.0.1:1234', 'http://127.0.0.1:1234'],
    ['ipv4 unspecified', '0.0.0.0', 'http://127.0.0.1:11434'],
    ['ipv4 unspecified + port', '0.0.0.0:1234', 'http://127.0.0.1:1234'],
    ['ipv6 unspecified', '[::]', 'http://[::1]:11434'],
    ['ipv6 unspecified + port', '[::]:1234', 'http://[::1]:1234'],
    ['ipv6 localhost', '[::1]', 'http://[::1]:11434'],
    ['ipv6 localhost + port', '[::1]:1234', 'http://[::1]:1234'],
    ['specific address', '192.168.1.5', 'http://192.168.1.5:11434'],
    ['specific address + port', '192.168.1.5:8080', 'http://192.168.1.5:8080'],
    ['hostname', 'example.com', 'http://example.com:11434'],
    ['hostname and port', 'example.com:1234', 'http://example.com:1234'],
    ['https unspecified + port', 'https://0.0.0.0:4321', 'https://127.0.0.1:4321'],
  ])('%s: %o is %s', (_name, value, expected) => {
    expect(hostString(connectableOllamaHost(envValue(value)))).toBe(expected);
  });
});

describe('the address Hearth sends requests to', () => {
  it.each([
    // The values the issue found misread, and what Ollama's CLI and ollama-js connect to.
    [':1234', 'http://127.0.0.1:1234'],
    ['::1', 'http://[::1]:11434'],
    ['"1.2.3.4"', 'http://1.2.3.4:11434'],
    ['https://host/ollama', 'https://host:443/ollama'],
    ['https://host/ollama/', 'https://host:443/ollama'],
    ['[::]', 'http://[::1]:11434'],
    ['ollama.com', 'https://ollama.com:443'],
    ['0.0.0.0', 'http://127.0.0.1:11434'],
    ['http://gpu-box', 'http://gpu-box:80'],
    ['gpu-box:8080', 'http://gpu-box:8080'],
  ])('%o is %s', (value, expected) => {
    expect(ollamaClientAddress(value)).toBe(expected);
  });

  it('refuses what no HTTP client can use, in words', () => {
    expect(() => ollamaClientAddress('ftp://box')).toThrow(
      /must start with http:\/\/ or https:\/\//,
    );
    expect(() => ollamaClientAddress('my box')).toThrow(/not a web address/);
  });

  it('takes Settings’ address first, then OLLAMA_HOST, read the same way', () => {
    expect(resolveOllamaHost('', { OLLAMA_HOST: ':1234' })).toBe('http://127.0.0.1:1234');
    expect(resolveOllamaHost(' ', { OLLAMA_HOST: "'[::]:9'" })).toBe('http://[::1]:9');
    expect(resolveOllamaHost('box', { OLLAMA_HOST: 'ignored' })).toBe('http://box:11434');
    expect(resolveOllamaHost('', {})).toBe('http://127.0.0.1:11434');
  });
});
