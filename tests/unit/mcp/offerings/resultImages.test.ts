import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IMAGE_BOUNDS,
  resultForModel,
} from '../../../../electron/core/mcp/offerings/modelTools';

// A vision model is sent a tool result's images on the tool message, within bounds; the text
// names each image where it stood and says why any stayed with the user.
const LIMIT = { maxChars: 12_000 };
const png = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64');

describe('images of a tool result for a model that can see', () => {
  it('sends each image and names it in the text', () => {
    const data = png(300);
    const result = resultForModel(
      {
        content: [
          { type: 'text', text: 'Here it is:' },
          { type: 'image', data, mimeType: 'image/png' },
        ],
      },
      { ...LIMIT, images: DEFAULT_IMAGE_BOUNDS },
    );
    expect(result.images).toEqual([{ data, mimeType: 'image/png', bytes: 300 }]);
    expect(result.imagesLeftOut).toBe(0);
    expect(result.text).toBe(
      'Here it is:\n[image: image/png, 300 B — sent with this result as image 1]',
    );
  });

  it('keeps to the count and byte bounds, saying what was left out and why', () => {
    const content = Array.from({ length: 4 }, () => ({
      type: 'image' as const,
      data: png(1_000),
      mimeType: 'image/jpeg',
    }));
    const result = resultForModel(
      { content },
      { ...LIMIT, images: { maxImages: 2, maxBytes: 1_500 } },
    );
    // The second image would pass 1,500 bytes: only the first goes, the others stay.
    expect(result.images).toHaveLength(1);
    expect(result.imagesLeftOut).toBe(3);
    expect(
      result.text.match(/not sent to you: over Hearth's limit of 2 images and 1.5 KB/g),
    ).toHaveLength(3);
  });

  it('leaves out kinds Ollama cannot decode and audio, and data that is not base64', () => {
    const result = resultForModel(
      {
        content: [
          { type: 'image', data: png(10), mimeType: 'image/svg+xml' },
          { type: 'image', data: 'not base64!', mimeType: 'image/png' },
          { type: 'audio', data: png(10), mimeType: 'audio/wav' },
        ],
      },
      { ...LIMIT, images: DEFAULT_IMAGE_BOUNDS },
    );
    expect(result.images).toEqual([]);
    expect(result.imagesLeftOut).toBe(2);
    expect(result.text).toContain('takes only PNG, JPEG and WebP images');
    expect(result.text).toContain('not base64');
    expect(result.text).toContain('[audio: audio/wav, 10 B — shown to the user]');
  });

  it('sends an embedded resource whose blob is an image, within the same bounds', () => {
    const first = png(1_000);
    const second = png(1_000);
    const result = resultForModel(
      {
        content: [
          { type: 'image', data: first, mimeType: 'image/png' },
          {
            type: 'resource',
            resource: { uri: 'file:///shots/a.webp', mimeType: 'image/webp', blob: second },
          },
          {
            type: 'resource',
            resource: { uri: 'file:///shots/b.png', mimeType: 'image/png', blob: png(1_000) },
          },
          {
            type: 'resource',
            resource: { uri: 'file:///data.bin', mimeType: 'application/zip', blob: png(10) },
          },
        ],
      },
      { ...LIMIT, images: { maxImages: 2, maxBytes: 4 * 1024 * 1024 } },
    );
    expect(result.images).toEqual([
      { data: first, mimeType: 'image/png', bytes: 1_000 },
      { data: second, mimeType: 'image/webp', bytes: 1_000 },
    ]);
    expect(result.imagesLeftOut).toBe(1);
    expect(result.text.split('\n')).toEqual([
      '[image: image/png, 1000 B — sent with this result as image 1]',
      '[resource: file:///shots/a.webp, image/webp, 1000 B — sent with this result as image 2]',
      "[resource: file:///shots/b.png, image/png, 1000 B — shown to the user, not sent to you: over Hearth's limit of 2 images and 4.0 MB from one tool result]",
      '[resource: file:///data.bin, application/zip, 10 B — shown to the user]',
    ]);
  });

  it('gives a model that cannot see the same placeholder for an image resource', () => {
    const result = resultForModel(
      {
        content: [
          {
            type: 'resource',
            resource: { uri: 'file:///shots/a.png', mimeType: 'image/png', blob: png(10) },
          },
        ],
      },
      LIMIT,
    );
    expect(result.text).toBe(
      '[resource: file:///shots/a.png, image/png, 10 B — shown to the user]',
    );
    expect(result.images).toBeUndefined();
  });

  it('gives a model that cannot see the placeholder, and no images', () => {
    const result = resultForModel(
      { content: [{ type: 'image', data: png(10), mimeType: 'image/png' }] },
      LIMIT,
    );
    expect(result.text).toBe('[image: image/png, 10 B — shown to the user]');
    expect(result.images).toBeUndefined();
  });
});
