import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CutResultText,
  RESULT_PAGE_CHARS,
} from '../../../../renderer/src/chat/messages/CutResultText';
import { connectTo, renderWith } from '../../../support/rendererHarness';

afterEach(cleanup);

describe('a live result main sent cut', () => {
  it('reads the rest a page at a time, each page its own block, only when asked', async () => {
    const whole = 'line\n'.repeat(100_000); // 500,000 characters
    const harness = connectTo({
      'tools:resultText': (_callId, _part, offset, length) => ({
        text: whole.slice(offset, offset + length),
        total: whole.length,
      }),
    });
    renderWith(
      <CutResultText callId="k1" part={0} total={whole.length} preview={whole.slice(0, 20_000)} />,
      harness,
    );
    expect(harness.calls.some((call) => call.channel === 'tools:resultText')).toBe(false);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show all (500,000 characters)' }));
    const more = await screen.findByRole('button', {
      name: /Show more \(400,000 characters left\)/,
    });
    await user.click(more);
    await screen.findByRole('button', { name: /Show more \(300,000 characters left\)/ });
    const reads = harness.calls.filter((call) => call.channel === 'tools:resultText');
    expect(reads.map((call) => call.args)).toEqual([
      ['k1', 0, 0, RESULT_PAGE_CHARS],
      ['k1', 0, RESULT_PAGE_CHARS, RESULT_PAGE_CHARS],
    ]);
    expect(document.querySelectorAll('pre.cut-page')).toHaveLength(2);
  });

  it('says why when the rest can no longer be read', async () => {
    const harness = connectTo({ 'tools:resultText': () => null });
    renderWith(<CutResultText callId="k1" part={0} total={90_000} preview="start" />, harness);
    await userEvent.setup().click(screen.getByRole('button', { name: /Show all/ }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/no longer holds this result/);
  });
});
