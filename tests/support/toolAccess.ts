import type { ToolAccess } from '../../electron/core/chat/toolCall/types';

/**
 * The tool side of Hearth as a call or a turn sees it, for tests of the chat loop alone: nothing
 * known, nothing allowed, every call answered "ran"; a test gives what its case needs.
 */
export function toolAccess(given: Partial<ToolAccess> = {}): ToolAccess {
  return {
    resolve: () => undefined,
    modelNames: () => [],
    definition: () => undefined,
    settled: async () => 'ready',
    policy: () => 'ask',
    isAlwaysAllowed: () => false,
    reviewChange: () => [],
    alwaysAllow: () => undefined,
    commandRules: () => [],
    addCommandRule: () => undefined,
    isShellTool: () => false,
    sudoRunner: () => undefined,
    call: async () => ({ ok: true, result: { content: [{ type: 'text', text: 'ran' }] } }),
    ...given,
  };
}
