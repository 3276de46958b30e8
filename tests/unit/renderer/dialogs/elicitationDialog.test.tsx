import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QuestionDialogs } from '../../../../renderer/src/dialogs/QuestionDialogs';
import { renderWith } from '../../../support/rendererHarness';
import {
  approvalRequest,
  elicitationRequest,
  everythingSchema,
  questionHarness,
  sudoRequest,
} from './questionFixtures';

afterEach(cleanup);

const title = 'everything asks for information';
let schema: Record<string, unknown>;
beforeAll(async () => {
  schema = await everythingSchema();
});

/** The dialog for server-everything's real form, shown from the waiting list. */
async function everythingForm() {
  const harness = questionHarness({
    elicitations: [elicitationRequest({ requestedSchema: schema })],
  });
  renderWith(<QuestionDialogs />, harness);
  const dialog = await screen.findByRole('dialog', { name: title });
  return { harness, dialog };
}

/** A field by its label; a required one's label ends in an asterisk, hidden from its name. */
const input = (name: string) =>
  screen.getByLabelText(
    new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`),
  ) as HTMLInputElement;
const descriptionOf = (element: Element) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('the elicitation dialog, form mode', () => {
  it('shows the message and every kind of field, with the defaults filled in', async () => {
    const { dialog } = await everythingForm();
    expect(
      within(dialog).getByText('Please provide inputs for the following fields:'),
    ).toBeTruthy();

    const name = input('String');
    expect(name.type).toBe('text');
    expect(name.value).toBe('');
    expect(name.required).toBe(true);
    expect(descriptionOf(name)).toBe('Your full, legal name');
    expect(document.activeElement).toBe(name);

    const check = screen.getByRole('checkbox', { name: 'Boolean' }) as HTMLInputElement;
    expect(check.checked).toBe(false);
    expect(descriptionOf(check)).toBe('Agree to the terms and conditions');
    expect(input('String with default').value).toBe('It was a dark and stormy night.');
    expect(input('String with email format').type).toBe('email');
    expect(input('String with uri format').type).toBe('url');
    expect(input('String with date format').type).toBe('date');
    const integer = screen.getByRole('spinbutton', { name: 'Integer' }) as HTMLInputElement;
    expect([integer.value, integer.min, integer.max, integer.step]).toEqual([
      '42',
      '1',
      '100',
      '1',
    ]);
    expect(input('Number in range 1-1000').value).toBe('3.14');

    // Six friends: a drop-down list; three heroes: radio buttons.
    const friends = screen.getByRole('combobox', {
      name: 'Untitled Single Select Enum',
    }) as HTMLSelectElement;
    expect(friends.value).toBe('Monica');
    expect(within(friends).getAllByRole('option')).toHaveLength(7);
    const heroes = screen.getByRole('radiogroup', { name: 'Titled Single Select Enum' });
    expect(descriptionOf(heroes)).toBe('Choose your favorite hero');
    expect(
      within(heroes)
        .getAllByRole('radio')
        .map((radio) => [(radio as HTMLInputElement).value, (radio as HTMLInputElement).checked]),
    ).toEqual([
      ['', false],
      ['hero-1', true],
      ['hero-2', false],
      ['hero-3', false],
    ]);
    expect(within(heroes).getByRole('radio', { name: 'Wonder Woman' })).toBeTruthy();
    const pets = screen.getByRole('combobox', {
      name: 'Legacy Titled Single Select Enum',
    }) as HTMLSelectElement;
    expect(pets.selectedOptions[0]?.textContent).toBe('Cats');

    const instruments = screen.getByRole('group', { name: 'Untitled Multiple Select Enum' });
    const ticked = (group: HTMLElement) =>
      within(group)
        .getAllByRole('checkbox')
        .filter((box) => (box as HTMLInputElement).checked)
        .map((box) => (box as HTMLInputElement).value);
    expect(within(instruments).getAllByRole('checkbox')).toHaveLength(5);
    expect(ticked(instruments)).toEqual(['Guitar']);
    const fish = screen.getByRole('group', { name: 'Titled Multiple Select Enum' });
    expect(ticked(fish)).toEqual(['fish-1']);
    expect(within(fish).getByRole('checkbox', { name: 'Salmon' })).toBeTruthy();
  });

  it('shows what is wrong inline and sends nothing until it is fixed', async () => {
    const user = userEvent.setup();
    const { harness } = await everythingForm();
    await user.clear(input('Integer'));
    await user.type(input('Integer'), '500');
    expect(screen.queryByText('Must be at most 100.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(harness.elicitations).toEqual([]);

    const name = input('String');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(name)).toBe('Your full, legal name | Required.');
    expect(document.activeElement).toBe(name);
    expect(input('Integer').getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(input('Integer'))).toMatch(/Must be at most 100\.$/);
    expect(input('String with default').getAttribute('aria-invalid')).toBeNull();

    await user.type(input('String with email format'), 'not-an-email');
    expect(screen.getByText(/Enter an email address/)).toBeTruthy();
    await user.type(name, 'Ada');
    expect(name.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(harness.elicitations).toEqual([]);
    expect(document.activeElement).toBe(input('String with email format'));
  });

  it('submits what was typed, with numbers as numbers, and closes', async () => {
    const user = userEvent.setup();
    const { harness } = await everythingForm();
    await user.type(input('String'), 'Ada Lovelace');
    await user.click(screen.getByRole('checkbox', { name: 'Boolean' }));
    await user.clear(input('String with default'));
    await user.type(input('String with email format'), 'ada@example.org');
    await user.clear(input('Integer'));
    await user.type(input('Integer'), '7');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Untitled Single Select Enum' }),
      'Joey',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Piano' }));
    await user.click(screen.getByRole('radio', { name: 'Wonder Woman' }));
    await user.click(screen.getByRole('checkbox', { name: 'Tuna' }));
    await user.click(screen.getByRole('checkbox', { name: 'Trout' }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Legacy Titled Single Select Enum' }),
      'Dogs',
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(harness.elicitations).toEqual([
      [
        'elicitation-1',
        {
          action: 'accept',
          content: {
            name: 'Ada Lovelace',
            check: true,
            email: 'ada@example.org',
            integer: 7,
            number: 3.14,
            untitledSingleSelectEnum: 'Joey',
            untitledMultipleSelectEnum: ['Guitar', 'Piano'],
            titledSingleSelectEnum: 'hero-3',
            titledMultipleSelectEnum: ['fish-3'],
            legacyTitledEnum: 'pet-2',
          },
        },
      ],
    ]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('declines without sending anything typed', async () => {
    const user = userEvent.setup();
    const { harness } = await everythingForm();
    await user.type(input('String'), 'secret stuff');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(harness.elicitations).toEqual([['elicitation-1', { action: 'decline' }]]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cancels on Escape, and with Cancel', async () => {
    const { harness, dialog } = await everythingForm();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await vi.waitFor(() =>
      expect(harness.elicitations).toEqual([['elicitation-1', { action: 'cancel' }]]),
    );

    cleanup();
    const user = userEvent.setup();
    const again = await everythingForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(again.harness.elicitations).toEqual([['elicitation-1', { action: 'cancel' }]]);
  });

  it('shows a field it cannot ask for as a note, and leaves it out', async () => {
    const user = userEvent.setup();
    const harness = questionHarness({
      elicitations: [
        elicitationRequest({
          requestedSchema: {
            type: 'object',
            properties: {
              address: { type: 'object', title: 'Postal address' },
              nickname: { type: 'string', title: 'Nickname' },
            },
          },
        }),
      ],
    });
    renderWith(<QuestionDialogs />, harness);
    const dialog = await screen.findByRole('dialog', { name: title });
    const note = within(dialog).getByRole('note');
    expect(note.textContent).toMatch(/Postal address.*a value of type object.*left out/);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(harness.elicitations).toEqual([['elicitation-1', { action: 'accept', content: {} }]]);
  });
});

describe('the elicitation dialog, URL mode', () => {
  const urlRequest = elicitationRequest({
    requestId: 'elicitation-url',
    mode: 'url',
    requestedSchema: undefined,
    url: 'https://auth.example.com/connect?state=abc',
    message: 'Sign in to connect your account.',
  });

  it('shows the address with its host emphasised, and opens it only on request', async () => {
    const user = userEvent.setup();
    const harness = questionHarness({ elicitations: [urlRequest] });
    renderWith(<QuestionDialogs />, harness);
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(within(dialog).getByText('Sign in to connect your account.')).toBeTruthy();
    const address = within(dialog).getByRole('region', { name: 'everything wants you to visit:' });
    expect(address.textContent).toBe('https://auth.example.com/connect?state=abc');
    expect(address.querySelector('strong')?.textContent).toBe('auth.example.com');
    expect(within(dialog).getByText(/Hearth will open this address in your browser/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Open in browser' }));
    expect(harness.elicitations).toEqual([['elicitation-url', { action: 'accept' }]]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('declines and cancels without opening anything', async () => {
    const user = userEvent.setup();
    const harness = questionHarness({ elicitations: [urlRequest] });
    renderWith(<QuestionDialogs />, harness);
    await screen.findByRole('dialog', { name: title });
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(harness.elicitations).toEqual([['elicitation-url', { action: 'decline' }]]);
  });
});

describe('elicitations in the question queue', () => {
  it('waits behind older questions, and is answered through elicitation:respond', async () => {
    const user = userEvent.setup();
    const harness = questionHarness({
      approvals: [approvalRequest()],
      elicitations: [elicitationRequest()],
    });
    renderWith(<QuestionDialogs />, harness);
    const approval = await screen.findByRole('dialog', { name: 'Allow read_file from files?' });
    expect(within(approval).getByText('1 more waiting')).toBeTruthy();
    act(() => harness.emit('sudo:request', sudoRequest()));
    await vi.waitFor(() => expect(within(approval).getByText('2 more waiting')).toBeTruthy());
    await user.click(within(approval).getByRole('button', { name: 'Allow once' }));

    const elicitation = await screen.findByRole('dialog', { name: title });
    expect(within(elicitation).getByText('1 more waiting')).toBeTruthy();
    await user.type(input('Name'), 'Ada{Enter}');
    expect(harness.elicitations).toEqual([
      ['elicitation-1', { action: 'accept', content: { name: 'Ada' } }],
    ]);
    await screen.findByRole('dialog', { name: 'Run a command as administrator?' });
    expect(harness.approvals.map(([requestId]) => requestId)).toEqual(['approval-1']);
  });

  it('shows one that arrives, and closes it when main resolves it', async () => {
    const harness = questionHarness();
    renderWith(<QuestionDialogs />, harness);
    await vi.waitFor(() =>
      expect(harness.calls.map((call) => call.channel)).toContain('questions:pending'),
    );
    act(() => harness.emit('elicitation:request', elicitationRequest({ server: 'weather' })));
    await screen.findByRole('dialog', { name: 'weather asks for information' });
    act(() => harness.emit('elicitation:resolved', { requestId: 'elicitation-1' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(harness.elicitations).toEqual([]);
  });
});
