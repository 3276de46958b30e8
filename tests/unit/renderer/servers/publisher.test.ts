import { describe, expect, it } from 'vitest';
import {
  publisherOf,
  registryVerifiesPublishers,
} from '../../../../renderer/src/servers/browse/publisher';

describe('the publisher of a registry entry', () => {
  it('reads a GitHub account or a domain from the reverse-DNS name', () => {
    expect(publisherOf('io.github.octo-org/weather')).toBe('octo-org on GitHub');
    expect(publisherOf('com.example/tools')).toBe('example.com');
    expect(publisherOf('io.modelcontextprotocol.anonymous/x')).toBe(
      'anonymous.modelcontextprotocol.io',
    );
    expect(publisherOf('weather')).toBeUndefined();
  });

  it('is verified only by the official registry', () => {
    expect(registryVerifiesPublishers(undefined)).toBe(true);
    expect(registryVerifiesPublishers('https://registry.modelcontextprotocol.io/')).toBe(true);
    expect(registryVerifiesPublishers('https://registry.example.com')).toBe(false);
  });
});
