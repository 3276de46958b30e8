import { afterEach, describe, expect, it } from 'vitest';
import { plainAnswer, startFakeOllama, type FakeOllama } from '../fixtures/fakeOllama';

// The fake takes images on any message as Ollama does (api/types.go Message.Images decoded from
// base64, server/prompt.go imageTaggedMessages), records them, and refuses what Go cannot decode.
let fake: FakeOllama | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const chat = (url: string, messages: unknown[]) =>
  fetch(`${url}/api/chat`, {
    method: 'POST',
    body: JSON.stringify({ model: 'gemma3:4b', stream: false, messages }),
  });

describe('images on chat messages', () => {
  it('records the images of a tool message', async () => {
    fake = await startFakeOllama({ script: [plainAnswer('A logo.')] });
    const image = Buffer.from('png bytes!').toString('base64');
    const response = await chat(fake.url, [
      { role: 'user', content: 'show it' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [{ function: { name: 'img', arguments: {} } }],
      },
      { role: 'tool', content: '[image]', tool_name: 'img', images: [image] },
    ]);
    expect(response.status).toBe(200);
    expect(fake.receivedImages()).toEqual([
      { request: 0, message: 2, role: 'tool', toolName: 'img', images: [image] },
    ]);
  });

  it('refuses an image that is not standard base64 with Go’s words', async () => {
    fake = await startFakeOllama({ script: [plainAnswer('never')] });
    const response = await chat(fake.url, [
      { role: 'tool', content: 'x', tool_name: 'img', images: ['abc$def='] },
    ]);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'illegal base64 data at input byte 3' });
  });
});
