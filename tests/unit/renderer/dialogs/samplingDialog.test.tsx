import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuestionDialogs } from '../../../../renderer/src/dialogs/QuestionDialogs';
import { renderWith } from '../../../support/rendererHarness';
import { approvalRequest, questionHarness, samplingRequest } from './questionFixtures';

afterEach(cleanup);

const title = 'everything wants to use your model';

/** The dialog for a request already waiting when the window opened. */
async function samplingDialog(request = samplingRequest()) {
  const harness = questionHarness({ samplings: [request] });
  renderWith(<QuestionDialogs />, harness);
  const dialog = await screen.findByRole('dialog', { name: title });
  return { harness, dialog };
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLTextAreaElement;

describe('the sampling dialog', () => {
  it('shows the server, the model, the token limit and every message', async () => {
    const { dialog } = await samplingDialog(samplingRequest({ maxTokens: 1500 }));
    const explanation = within(dialog).getByText(/asks Hearth's model/);
    expect(explanation.textContent).toBe(
      "everything asks Hearth's model (llama3.2:3b) to write a reply to the messages below, " +
        'of at most 1,500 tokens; nothing is sent until you approve.',
    );
    expect(field('System prompt').value).toBe('You are a helpful assistant.');
    const first = field('Message 1');
    const second = field('Message 2');
    expect(first.value).toBe('What is the capital of France?');
    expect(second.value).toBe('Let me think.');
    expect(first.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(first.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Server as user',
    );
    expect(
      document.getElementById(second.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Server as assistant');
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(3);
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Send to model' }),
    );
  });

  it('shows no system prompt field when the server sends none', async () => {
    const { dialog } = await samplingDialog(samplingRequest({ systemPrompt: undefined }));
    expect(within(dialog).queryByRole('textbox', { name: 'System prompt' })).toBeNull();
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(2);
  });

  it('sends no edits when the user changed nothing, and closes', async () => {
    const user = userEvent.setup();
    const { harness, dialog } = await samplingDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Send to model' }));
    expect(harness.samplings).toEqual([['sampling-1', { action: 'approve' }]]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends an edited message with the others as they were, and leaves the prompt out', async () => {
    const user = userEvent.setup();
    const { harness, dialog } = await samplingDialog();
    await user.clear(field('Message 1'));
    await user.type(field('Message 1'), 'What is the capital of Italy?');
    await user.click(within(dialog).getByRole('button', { name: 'Send to model' }));
    expect(harness.samplings).toEqual([
      [
        'sampling-1',
        {
          action: 'approve',
          messages: [
            { role: 'user', text: 'What is the capital of Italy?' },
            { role: 'assistant', text: 'Let me think.' },
          ],
        },
      ],
    ]);
  });

  it('sends an edited system prompt on its own', async () => {
    const user = userEvent.setup();
    const { harness, dialog } = await samplingDialog();
    await user.type(field('System prompt'), ' Be brief.');
    await user.click(within(dialog).getByRole('button', { name: 'Send to model' }));
    expect(harness.samplings).toEqual([
      ['sampling-1', { action: 'approve', systemPrompt: 'You are a helpful assistant. Be brief.' }],
    ]);
  });

  it('rejects, even after edits, with nothing else', async () => {
    const user = userEvent.setup();
    const { harness, dialog } = await samplingDialog();
    await user.type(field('Message 2'), ' Paris.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(harness.samplings).toEqual([['sampling-1', { action: 'reject' }]]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('rejects on Escape', async () => {
    const { harness, dialog } = await samplingDialog();
    // What the browser fires on a modal <dialog> when the user presses Escape.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(harness.samplings).toEqual([['sampling-1', { action: 'reject' }]]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog and says so when the answer does not reach main', async () => {
    const user = userEvent.setup();
    const harness = questionHarness({ samplings: [samplingRequest()] }, { fail: 'gone' });
    renderWith(<QuestionDialogs />, harness);
    const dialog = await screen.findByRole('dialog', { name: title });
    await user.click(within(dialog).getByRole('button', { name: 'Send to model' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/did not reach Hearth/);
    expect(screen.getByRole('dialog', { name: title })).toBe(dialog);
  });
});

describe('samplings in the question queue', () => {
  it('waits behind an older question, and is answered through sampling:respond', async () => {
    const user = userEvent.setup();
    const harness = questionHarness({
      approvals: [approvalRequest()],
      samplings: [samplingRequest()],
    });
    renderWith(<QuestionDialogs />, harness);
    const approval = await screen.findByRole('dialog', { name: 'Allow read_file from files?' });
    expect(within(approval).getByText('1 more waiting')).toBeTruthy();
    act(() =>
      harness.emit(
        'sampling:request',
        samplingRequest({ requestId: 'sampling-2', server: 'later' }),
      ),
    );
    await vi.waitFor(() => expect(within(approval).getByText('2 more waiting')).toBeTruthy());
    await user.click(within(approval).getByRole('button', { name: 'Allow once' }));

    const sampling = await screen.findByRole('dialog', { name: title });
    expect(within(sampling).getByText('1 more waiting')).toBeTruthy();
    await user.click(within(sampling).getByRole('button', { name: 'Send to model' }));
    const later = await screen.findByRole('dialog', { name: 'later wants to use your model' });
    expect(within(later).queryByText(/more waiting/)).toBeNull();
    expect(harness.approvals.map(([requestId]) => requestId)).toEqual(['approval-1']);
    expect(harness.samplings).toEqual([['sampling-1', { action: 'approve' }]]);
  });

  it('shows one that arrives, and closes it when main resolves it', async () => {
    const harness = questionHarness();
    renderWith(<QuestionDialogs />, harness);
    await vi.waitFor(() =>
      expect(harness.calls.map((call) => call.channel)).toContain('questions:pending'),
    );
    act(() => harness.emit('sampling:request', samplingRequest({ server: 'weather' })));
    await screen.findByRole('dialog', { name: 'weather wants to use your model' });
    act(() => harness.emit('sampling:resolved', { requestId: 'sampling-1' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(harness.samplings).toEqual([]);
  });
});
