import { describe, expect, it } from 'vitest';
import { shellSandboxFacts } from '../../../electron/core/chat/shellSandboxFacts';

describe('what a shell command’s approval says of the sandbox', () => {
  it('in the sandbox: its folder and temp, no host', async () => {
    expect(await shellSandboxFacts(async () => ({ state: 'on' }))).toEqual({
      kind: 'shell',
      writable: [],
      hosts: [],
    });
  });

  it('where it cannot run: what is missing, and whether the command runs without it', async () => {
    const facts = await shellSandboxFacts(async () => ({
      state: 'unavailable',
      missing: 'socat',
      runAnyway: false,
    }));
    expect(facts.unavailable).toEqual({ missing: 'socat', runAnyway: false });
  });
});
