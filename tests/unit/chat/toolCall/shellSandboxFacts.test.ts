import { describe, expect, it } from 'vitest';
import { shellSandboxFacts } from '../../../../electron/core/chat/toolCall/shellSandboxFacts';

describe('what a shell command’s approval says of the sandbox', () => {
  it('in the sandbox: the one folder it may write, no host', async () => {
    expect(
      await shellSandboxFacts(async () => ({ state: 'on' }), '/users/someone/Hearth/work'),
    ).toEqual({
      kind: 'shell',
      writable: ['/users/someone/Hearth/work'],
      hosts: [],
    });
  });

  it('where it cannot run: what is missing, and whether the command runs without it', async () => {
    const facts = await shellSandboxFacts(
      async () => ({
        state: 'unavailable',
        missing: 'socat',
        runAnyway: false,
      }),
      '/users/someone/Hearth/work',
    );
    expect(facts.unavailable).toEqual({ missing: 'socat', runAnyway: false });
  });
});
