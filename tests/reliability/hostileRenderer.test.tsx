// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLinkService } from '../../electron/core/links';
import { createLogger } from '../../electron/core/logger';
import { Markdown } from '../../renderer/src/markdown/Markdown';
import { ToolCallCard, type ToolCallView } from '../../renderer/src/chat/messages/ToolCallCard';
import { revealHidden } from '../../renderer/src/lib/revealHidden';
import { connectTo, renderWith } from '../support/rendererHarness';

// What a model or a server may put in front of the user, rendered: nothing runs, nothing opens
// without main's check, and nothing hides.
afterEach(cleanup);

const HOSTILE = [
  '<script>window.__pwned = 1</script>',
  '<img src="x" onerror="window.__pwned = 2">',
  '<a href="https://example.com" onclick="window.__pwned = 3">html link</a>',
  '<iframe src="https://example.com"></iframe>',
  '[js](javascript:window.__pwned=4)',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[file](file:///etc/passwd)',
  '[smb](smb://server/share)',
  '[custom](ms-settings:privacy)',
  '[vbs](vbscript:msgbox)',
  '![tracker](https://tracker.example/pixel.png)',
  '<svg onload="window.__pwned = 5"></svg>',
].join('\n\n');

/** A browser host's link service: main's real check, an opener that records what it got. */
function linkHarness() {
  const opened: string[] = [];
  const links = createLinkService(
    async (url) => {
      opened.push(url);
      return 'opened';
    },
    createLogger({ sinks: [] }),
  );
  const asked: string[] = [];
  const harness = connectTo({
    'links:open': (url) => {
      asked.push(url);
      return links.open(url);
    },
  });
  return { harness, opened, asked };
}

function expectInert(container: HTMLElement) {
  expect(container.querySelectorAll('script, iframe, object, embed, svg, img')).toHaveLength(0);
  for (const element of container.querySelectorAll('*')) {
    for (const attribute of element.attributes) expect(attribute.name).not.toMatch(/^on/i);
    const href = element.getAttribute('href') ?? '';
    expect(href).not.toMatch(/^\s*(javascript|vbscript|data|file|smb|ms-settings):/i);
  }
  expect((window as { __pwned?: number }).__pwned).toBeUndefined();
}

describe('hostile Markdown from the model', () => {
  it('renders tags as visible text and runs nothing', () => {
    const { harness } = linkHarness();
    const { container } = renderWith(<Markdown text={HOSTILE} />, harness);
    expectInert(container);
    expect(container.textContent).toContain('<script>window.__pwned = 1</script>');
    expect(container.textContent).toContain('onerror="window.__pwned = 2"');
  });

  it('opens no link main refuses, and opens a good one only through main', async () => {
    const { harness, opened, asked } = linkHarness();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderWith(<Markdown text={`${HOSTILE}\n\n[fine](https://example.com/page)`} />, harness);
    for (const link of screen.getAllByRole('link')) fireEvent.click(link);
    await vi.waitFor(() => expect(opened).toHaveLength(2));
    // Only the https links reach the browser, and only because they were clicked; the image is
    // a link, never fetched on its own.
    expect(opened).toEqual(['https://tracker.example/pixel.png', 'https://example.com/page']);
    // The other schemes never became links at all, so nothing else even reached main.
    expect(asked).toEqual(opened);
    expect(open).not.toHaveBeenCalled();
    // Every link label is still on screen, as text.
    for (const label of ['js', 'file', 'smb', 'custom', 'Image: tracker'])
      expect(screen.getByText(label)).toBeTruthy();
    open.mockRestore();
  });

  it('shows bidirectional overrides, zero-width and control characters as markers', () => {
    const { harness } = linkHarness();
    const trojan = 'rm -rf ./build \u202E; /* }⁦ safe ⁩ */\u200B\u001b[31mred\u001b[0m';
    const { container } = renderWith(<Markdown text={`Run \`${trojan}\``} />, harness);
    const text = container.textContent ?? '';
    for (const hidden of ['\u202E', '\u2066', '\u2069', '\u200B', '\u001b'])
      expect(text).not.toContain(hidden);
    expect(text).toContain('⟨U+202E⟩');
    expect(text).toContain('⟨U+2066⟩');
    expect(text).toContain('⟨U+200B⟩');
    expect(text).toContain('␛[31mred␛[0m');
  });
});

describe('hostile tool results', () => {
  const card = (text: string, args: Record<string, unknown> = {}): ToolCallView => ({
    callId: 'c1',
    server: 'evil',
    tool: 'fetch',
    arguments: args,
    state: 'done',
    message: undefined,
    durationMs: 5,
    result: {
      content: [
        { type: 'text', text },
        { type: 'resource_link', uri: 'javascript:window.__pwned=6', name: 'click me' },
        { type: 'image', data: 'PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+', mimeType: 'text/html' },
      ],
    },
    saved: undefined,
    progress: undefined,
  });

  it('shows markup, escapes and hidden characters as text, and runs nothing', () => {
    const { harness } = linkHarness();
    const text = '<script>window.__pwned = 7</script>\u001b[2J\u001b]8;;file:///etc\u0007x\u202Ey';
    const { container } = renderWith(
      <ToolCallCard call={card(text, { path: 'safe\u202Etxt.exe' })} />,
      harness,
    );
    expectInert(container);
    const shown = container.textContent ?? '';
    expect(shown).toContain('<script>window.__pwned = 7</script>');
    expect(shown).toContain('␛[2J␛]8;;file:///etc␇x⟨U+202E⟩y');
    expect(shown).toContain('safe⟨U+202E⟩txt.exe');
  });
});

describe('revealHidden', () => {
  it('keeps ordinary text, emoji sequences and joiners whole', () => {
    const family = '👨\u200D👩\u200D👧 می\u200Cخواهم tab\there\nnew line';
    expect(revealHidden(family)).toBe(family);
  });
});
