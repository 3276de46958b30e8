import { describe, expect, it } from 'vitest';
import {
  APP_LINK_INTERVAL_MS,
  appMessageText,
  createLinkThrottle,
  clampAppHeight,
  currentTheme,
  MAX_APP_HEIGHT,
  MAX_APP_MESSAGE_CHARS,
  MIN_APP_HEIGHT,
  safeSandboxFlags,
} from '../../../../../renderer/src/chat/apps/appFrameLogic';

describe('showing an MCP App', () => {
  it('keeps the frame between its smallest and largest height', () => {
    expect(clampAppHeight(300.4)).toBe(300);
    expect(clampAppHeight(0)).toBe(MIN_APP_HEIGHT);
    expect(clampAppHeight(1e9)).toBe(MAX_APP_HEIGHT);
    expect(clampAppHeight(Number.NaN)).toBe(MAX_APP_HEIGHT);
  });

  it('takes only the text of a message the app writes, bounded', () => {
    expect(
      appMessageText([
        { type: 'text', text: 'first' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        { type: 'text', text: 'second' },
        { type: 'text', text: 42 },
        null,
      ]),
    ).toBe('first\nsecond');
    expect(appMessageText('not a list')).toBe('');
    expect(
      appMessageText([{ type: 'text', text: 'x'.repeat(MAX_APP_MESSAGE_CHARS + 5) }]),
    ).toHaveLength(MAX_APP_MESSAGE_CHARS);
  });

  it('never gives the frame popups, top navigation or other flags beyond the safe three', () => {
    expect(
      safeSandboxFlags(
        'allow-scripts allow-popups allow-top-navigation allow-same-origin allow-modals allow-forms allow-downloads',
      ),
    ).toBe('allow-scripts allow-same-origin allow-forms');
    expect(safeSandboxFlags('')).toBe('');
  });

  it('lets an app open a link at most every few seconds', () => {
    let time = 1_000;
    const mayOpen = createLinkThrottle(() => time);
    expect(mayOpen()).toBe(true);
    time += APP_LINK_INTERVAL_MS - 1;
    expect(mayOpen()).toBe(false);
    time += 1;
    expect(mayOpen()).toBe(true);
  });

  it('reads Hearth’s theme from the page', () => {
    const root = document.createElement('html');
    expect(currentTheme(root)).toBe('light');
    root.dataset.theme = 'dark';
    expect(currentTheme(root)).toBe('dark');
  });
});
