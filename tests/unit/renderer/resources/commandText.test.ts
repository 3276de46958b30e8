import { describe, expect, it } from 'vitest';
import {
  expandTemplate,
  mentionQuery,
  slashQuery,
  templateVariables,
} from '../../../../renderer/src/resources/commandText';

describe('what the composer text asks for', () => {
  it('reads a slash command only when the field holds nothing else', () => {
    expect(slashQuery('/')).toBe('');
    expect(slashQuery('/args')).toBe('args');
    expect(slashQuery('/args and more')).toBeUndefined();
    expect(slashQuery('see /args')).toBeUndefined();
  });

  it('reads the @word that ends at the caret, not an e-mail address', () => {
    expect(mentionQuery('read @fea', 9)).toEqual({ start: 5, query: 'fea' });
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQuery('mail sam@example.org', 20)).toBeUndefined();
    expect(mentionQuery('read @fea and', 13)).toBeUndefined();
  });
});

describe('resource templates', () => {
  it('lists each variable once, in order', () => {
    expect(templateVariables('file:///{+path}{?rev,lines}{&rev}')).toEqual([
      'path',
      'rev',
      'lines',
    ]);
  });

  it('expands simple, reserved, path and query expressions, encoding values', () => {
    expect(expandTemplate('demo://text/{id}', { id: 'a b/c' })).toBe('demo://text/a%20b%2Fc');
    expect(expandTemplate('file:///{+path}', { path: 'users/someone/a b.md' })).toBe(
      'file:///users/someone/a%20b.md',
    );
    expect(
      expandTemplate('repo://x{/owner,name}{?ref,depth}', { owner: 'o', name: 'n', ref: 'main' }),
    ).toBe('repo://x/o/n?ref=main');
  });
});
