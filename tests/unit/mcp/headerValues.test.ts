import { describe, expect, it } from 'vitest';
import { openServerStore } from '../../../electron/core/mcp/config/serverStore';
import { createMemoryVault } from '../../../electron/core/secrets/secretVault';
import { emptyDraft, nextRowId, validateDraft } from '../../../renderer/src/servers/form/formModel';
import { headerValueProblem } from '../../../preload/schemas/headerValues';
import { useTempFolder } from './tempFolder';

const folder = useTempFolder();

function remote(value: string, secret = false) {
  return {
    name: 'remote',
    transport: {
      type: 'http' as const,
      url: 'https://mcp.example.com/mcp',
      headers: [{ name: 'X-Api-Key', value, secret }],
    },
  };
}

describe('a header value with a line break', () => {
  it('is refused when the server is saved, with the header named, and nothing is saved', () => {
    const vault = createMemoryVault();
    const store = openServerStore({ dataDir: folder(), vault, onProblem: () => undefined });
    for (const [value, secret] of [
      ['abc\r\nX-Injected: 1', false],
      ['abc\ndef', true],
      ['abc\0', false],
    ] as const) {
      expect(() => store.save(remote(value, secret))).toThrow(
        /^The header “X-Api-Key” was not saved\. A header value (is a single line: remove the line break|cannot hold a NUL character)/,
      );
    }
    expect(store.list()).toEqual([]);
    expect(vault.keys('')).toEqual([]);
    expect(store.save(remote('one line, spaces allowed')).transport).toMatchObject({
      headers: [{ name: 'X-Api-Key', value: 'one line, spaces allowed' }],
    });
  });

  it('is flagged by the server form at the value, before saving', () => {
    const draft = {
      ...emptyDraft(),
      name: 'remote',
      kind: 'http' as const,
      url: 'https://mcp.example.com/mcp',
      headers: [{ id: nextRowId(), name: 'X-Api-Key', value: 'abc\r\ndef', secret: false }],
    };
    expect(validateDraft(draft, []).get('transport.headers.0.value')).toBe(
      'A header value is a single line: remove the line break from it.',
    );
    expect(headerValueProblem('fine')).toBeUndefined();
  });
});
