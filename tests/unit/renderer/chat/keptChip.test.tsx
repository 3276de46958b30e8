import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Api } from '../../../../preload/api';
import type { FileFacts } from '../../../../preload/schemas/files';
import { useAttachments } from '../../../../renderer/src/chat/composer/useAttachments';

// A file main kept already (a screenshot taken on the desktop) gets a chip with its picture,
// read from where the page reads every kept image, and nothing to upload.
const shot: FileFacts = {
  sha256: 'a'.repeat(64),
  kind: 'image',
  mimeType: 'image/png',
  bytes: 2_048,
  originalBytes: 2_048,
  width: 64,
  height: 48,
};

describe('a chip for a file main kept', () => {
  it('shows a kept image from /files/<sha256>, and a kept text without a picture', () => {
    const { result } = renderHook(() => useAttachments({ files: {} } as Pick<Api, 'files'>));
    act(() => result.current.addKept('Screenshot.png', shot));
    act(() =>
      result.current.addKept('notes.txt', {
        ...shot,
        sha256: 'b'.repeat(64),
        kind: 'text',
        mimeType: 'text/plain',
      }),
    );
    expect(result.current.chips.map((chip) => [chip.name, chip.state, chip.preview])).toEqual([
      ['Screenshot.png', 'ready', `/files/${'a'.repeat(64)}`],
      ['notes.txt', 'ready', undefined],
    ]);
  });
});
