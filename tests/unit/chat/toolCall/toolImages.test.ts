import { describe, expect, it } from 'vitest';
import {
  dropOldestTurns,
  IMAGE_TOKENS,
} from '../../../../electron/core/chat/context/dropOldestTurns';
import { toOllamaMessages } from '../../../../electron/core/chat/context/ollamaMessages';
import { toolImagesAttachment } from '../../../../electron/core/chat/toolCall/toolImages';
import type { StoredMessage } from '../../../../electron/core/history/types';

// A tool result's images as history keeps them and sends them again: on the tool message for a
// model that can see, with a note for one that cannot, and counted in the context.
const DATA = Buffer.from('fake png bytes').toString('base64');
const at = '2026-01-01T00:00:00.000Z';
const messages: StoredMessage[] = [
  { id: 1, role: 'user', content: 'show it', createdAt: at },
  {
    id: 2,
    role: 'assistant',
    content: '',
    toolCalls: [
      {
        id: 'c1',
        server: 'everything',
        tool: 'get-tiny-image',
        modelName: 'everything_get-tiny-image',
        arguments: {},
      },
    ],
    createdAt: at,
  },
  {
    id: 3,
    role: 'tool',
    content: '[image: image/png, 14 B — sent with this result as image 1]',
    toolCallId: 'c1',
    toolName: 'everything_get-tiny-image',
    attachments: [
      toolImagesAttachment({ server: 'everything', tool: 'get-tiny-image' }, [
        { data: DATA, mimeType: 'image/png', bytes: 14 },
      ]),
    ],
    createdAt: at,
  },
];

describe('a tool result’s saved images', () => {
  it('go on the tool message again for a model that can see', () => {
    const tool = toOllamaMessages(messages, true).find((message) => message.role === 'tool');
    expect(tool).toMatchObject({ role: 'tool', tool_name: 'everything_get-tiny-image' });
    expect(tool?.images).toEqual([DATA]);
    expect(tool?.content).toBe(messages[2]?.content);
  });

  it('are left out, with a note, for a model that cannot', () => {
    const tool = toOllamaMessages(messages, false).find((message) => message.role === 'tool');
    expect(tool?.images).toBeUndefined();
    expect(tool?.content).toMatch(/not included: this model cannot see images\.\]$/);
  });

  it('count as Ollama counts them when the conversation is fitted to the context', () => {
    const withImage = dropOldestTurns({
      system: '',
      messages: [{ role: 'tool', content: 'x', images: [DATA, DATA] }],
      toolsJson: '',
      contextTokens: 100_000,
      replyReserveTokens: 0,
      countTokens: (text) => text.length,
    });
    const without = dropOldestTurns({
      system: '',
      messages: [{ role: 'tool', content: 'x' }],
      toolsJson: '',
      contextTokens: 100_000,
      replyReserveTokens: 0,
      countTokens: (text) => text.length,
    });
    expect(withImage.estimatedTokens - without.estimatedTokens).toBe(2 * IMAGE_TOKENS);
  });
});
