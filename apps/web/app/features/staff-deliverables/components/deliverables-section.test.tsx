import { CALLS, MESSAGES, type Deliverable } from '@taxfirm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, fieldRefusal } from '../../../testing/api-mock.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { DeliverablesSection } from './deliverables-section.tsx';

const CLIENT = '5b0e8c5e-2a64-4a47-9a39-9c2f2f0e7a11';
const ITR = '00000000-0000-4000-8000-0000000000e1';
const MEENA = '00000000-0000-4000-8000-0000000000a1';

const FEDERAL: Deliverable = {
  deliverable_id: null,
  kind: 'federal',
  label: null,
  owner: { user_id: MEENA, name: 'Meena Rao' },
  status: null,
  file_status: 'Docs Upload Pending',
  extended: false,
  due_on: '2026-04-15',
  rule_due_on: '2026-04-15',
  due_reason: null,
};
const ITR_ROW: Deliverable = {
  deliverable_id: ITR,
  kind: 'itr',
  label: null,
  owner: null,
  status: 'waiting_on_client',
  file_status: null,
  extended: false,
  due_on: '2026-10-31',
  rule_due_on: '2026-07-31',
  due_reason: 'Tax audit case',
};

const bodiesOf = (call: unknown) => api.mock.calls.filter(([c]) => c === call).map(([, body]) => body);

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (call: { path: string }) => {
    if (call.path === CALLS.staffDeliverablesList.path)
      return {
        http_code: 200,
        status_smessage: 'Success',
        deliverables: [FEDERAL, ITR_ROW],
        suggestions: [
          {
            kind: 'fbar',
            label: null,
            reason:
              'The profile shows ties to India: an FBAR is due if foreign accounts together passed $10,000.',
          },
        ],
      };
    if (call.path === CALLS.staffMembers.path)
      return {
        http_code: 200,
        status_smessage: 'Success',
        staff: [{ user_id: MEENA, name: 'Meena Rao', role: 'analyst' }],
      };
    if (call.path === CALLS.staffDeliverablesSave.path)
      return { http_code: 200, status_smessage: MESSAGES.DELIVERABLE_SAVED, deliverable_id: null };
    if (call.path === CALLS.staffDeliverablesRemove.path)
      return { http_code: 200, status_smessage: MESSAGES.DELIVERABLE_REMOVED };
    throw new Error(`unexpected call ${call.path}`);
  });
});

const renderSection = () =>
  renderWithProviders(<DeliverablesSection clientId={CLIENT} clientName="Asha Rao" taxYear={2025} />);

describe('DeliverablesSection', () => {
  it('focuses the deliverable a link into the file names (?focus=), and only that row', async () => {
    renderWithProviders(
      <DeliverablesSection clientId={CLIENT} clientName="Asha Rao" taxYear={2025} focusId={ITR} />,
    );
    const table = await screen.findByRole('table', { name: 'Deliverables of Asha Rao, tax year 2025' });
    const [, federal, itr] = within(table).getAllByRole('row');
    await waitFor(() => expect(itr).toHaveFocus());
    expect(federal).not.toHaveAttribute('tabindex');
  });

  it("lists the federal return with the file's status and analyst, and the ITR with the date staff moved", async () => {
    const { container } = renderSection();
    const table = await screen.findByRole('table', { name: 'Deliverables of Asha Rao, tax year 2025' });
    const [, federal, itr] = within(table).getAllByRole('row');
    if (!federal || !itr) throw new Error('two rows expected');
    expect(
      within(federal)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Federal return (Form 1040)', 'Meena Rao', 'Docs Upload Pending', '04-15-2026', 'Edit']);
    expect(
      within(itr)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Indian return (ITR)',
      'Nobody yet',
      'Waiting on client',
      '10-31-2026Moved: Tax audit case',
      'EditRemove',
    ]);
    // The federal return is the file: it has no Remove.
    expect(within(federal).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('records the federal extension: only the extension and the date are sent, and the answer is shown', async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Edit Federal return (Form 1040)' }));
    const form = await screen.findByRole('form', { name: 'Edit Federal return (Form 1040)' });
    expect(within(form).queryByLabelText('Owner')).toBeNull();
    // The dialog too: its close button is named.
    expect(await axeViolations(document.body)).toEqual([]);
    expect(within(form).getByText("Leave empty for the rule's date: 04-15-2026.")).toBeVisible();
    await user.click(within(form).getByRole('checkbox', { name: /Extension recorded \(Form 4868 filed\)/ }));
    // The rule's date follows the extension at once.
    expect(within(form).getByText("Leave empty for the rule's date: 10-15-2026.")).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.DELIVERABLE_SAVED)).toBeVisible();
    expect(bodiesOf(CALLS.staffDeliverablesSave)).toEqual([
      { client_id: CLIENT, taxy: 2025, kind: 'federal', extended: true, due_on: null },
    ]);
  });

  it('adds the suggested FBAR with an owner, and shows a refused field beside it', async () => {
    const user = userEvent.setup();
    api.mockReset();
    let saves = 0;
    api.mockImplementation(async (call: { path: string }) => {
      if (call.path === CALLS.staffDeliverablesSave.path) {
        saves += 1;
        if (saves === 1) throw fieldRefusal({ owner_id: MESSAGES.ANALYST_INVALID });
        return { http_code: 200, status_smessage: MESSAGES.DELIVERABLE_SAVED, deliverable_id: ITR };
      }
      if (call.path === CALLS.staffMembers.path)
        return {
          http_code: 200,
          status_smessage: 'Success',
          staff: [{ user_id: MEENA, name: 'Meena Rao', role: 'analyst' }],
        };
      return {
        http_code: 200,
        status_smessage: 'Success',
        deliverables: [FEDERAL],
        suggestions: [{ kind: 'fbar', label: null, reason: 'The profile shows ties to India.' }],
      };
    });
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Add FBAR (FinCEN 114)' }));
    const form = await screen.findByRole('form', { name: 'Add a deliverable' });
    expect(within(form).getByLabelText('What the firm files')).toHaveValue('fbar');
    await waitFor(() =>
      expect(within(form).getByRole('option', { name: 'Meena Rao (analyst)' })).toBeTruthy(),
    );
    await user.selectOptions(within(form).getByLabelText('Owner'), MEENA);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(MESSAGES.ANALYST_INVALID)).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.DELIVERABLE_SAVED)).toBeVisible();
    expect(bodiesOf(CALLS.staffDeliverablesSave)[1]).toEqual({
      client_id: CLIENT,
      taxy: 2025,
      kind: 'fbar',
      owner_id: MEENA,
      status: 'not_started',
      extended: false,
      due_on: null,
    });
  });

  it('asks before removing a deliverable, and removes it by its id', async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Remove Indian return (ITR)' }));
    const ask = await screen.findByRole('dialog', {
      name: "Remove Indian return (ITR) from Asha Rao's file?",
    });
    await user.click(within(ask).getByRole('button', { name: 'Remove deliverable' }));
    expect(await screen.findByText(MESSAGES.DELIVERABLE_REMOVED)).toBeVisible();
    expect(bodiesOf(CALLS.staffDeliverablesRemove)).toEqual([
      { client_id: CLIENT, taxy: 2025, deliverable_id: ITR },
    ]);
  });
});
