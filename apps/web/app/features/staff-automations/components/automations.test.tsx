import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CALLS, MESSAGES, type AutomationRule } from '@taxfirm/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../testing/api-mock.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { Automations } from './automations.tsx';

const RULE = '1a1a1a1a-1111-4111-8111-111111111111';
const FEDERAL = '2b2b2b2b-2222-4222-8222-222222222222';
const NEW_RULE = '3c3c3c3c-3333-4333-8333-333333333333';

const invoiceRule: AutomationRule = {
  rule_id: RULE,
  name: 'Invoice on Payment Pending',
  status: 'Payment Pending',
  india_only: false,
  action: { kind: 'invoice', price_item_ids: [FEDERAL] },
  summary: 'Send an invoice for Federal return ($275.00)',
  paused: true,
  updated_by: 'Ada Shah',
  updated_at: '2026-11-30T10:00:00.000Z',
  runs: { pending: 0, done: 4, skipped: 1, failed: 0 },
};

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (call: { path: string }) => {
    const ok = { http_code: 200, status_smessage: 'Success' };
    if (call.path === CALLS.staffAutomationsList.path) return { ...ok, rules: [invoiceRule] };
    if (call.path === CALLS.staffAutomationsPause.path)
      return { ...ok, status_smessage: MESSAGES.AUTOMATION_RESUMED };
    if (call.path === CALLS.staffAutomationsSave.path) {
      return { ...ok, status_smessage: MESSAGES.AUTOMATION_SAVED, rule_id: NEW_RULE };
    }
    if (call.path === CALLS.staffAutomationsPreview.path) {
      return {
        ...ok,
        total: 1,
        files: [
          {
            client_id: 'c1',
            name: 'Asha Rao',
            file_number: 'F-100',
            tax_year: 2025,
            entered_at: '2026-11-20T15:00:00.000Z',
          },
        ],
      };
    }
    if (call.path === CALLS.staffMembers.path) return { ...ok, staff: [] };
    if (call.path === CALLS.staffPricelistList.path) {
      return {
        ...ok,
        inr_enabled: false,
        items: [{ id: FEDERAL, name: 'Federal return', amount: 27500, currency: 'USD', active: true }],
      };
    }
    if (call.path === CALLS.staffMessagesCanned.path) return { ...ok, replies: [] };
    if (call.path === CALLS.staffRequestsTemplates.path) return { ...ok, message: '', templates: [] };
    throw new Error(`unexpected call ${call.path}`);
  });
});

describe('Automations', () => {
  it('lists each rule with what it did, and resumes a paused one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Automations />);
    const cells = within(await screen.findByRole('row', { name: /^Invoice on Payment Pending/ }));
    expect(cells.getByText('Send an invoice for Federal return ($275.00)')).toBeInTheDocument();
    expect(cells.getByText('4 done, 1 skipped, 0 failed')).toBeInTheDocument();
    expect(cells.getByText('Paused')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await user.click(cells.getByRole('button', { name: 'Resume Invoice on Payment Pending' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(CALLS.staffAutomationsPause, { rule_id: RULE, paused: false }),
    );
    expect(await screen.findByText(MESSAGES.AUTOMATION_RESUMED)).toBeInTheDocument();
  });

  it('adds a rule paused, asking for what is missing first, and previews the files it would have touched', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Automations />);
    const form = await screen.findByRole('form', { name: 'Add an automation' });
    await user.click(within(form).getByRole('button', { name: 'Save, paused' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Give the automation a name.');
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Bill when ready');
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'When a file enters' }),
      'Payment Pending',
    );
    await user.selectOptions(within(form).getByRole('combobox', { name: 'It does' }), 'invoice');
    await user.click(within(form).getByRole('button', { name: 'Save, paused' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose the price list items to invoice.');
    await user.click(await within(form).findByRole('checkbox', { name: 'Federal return ($275.00)' }));

    await user.click(within(form).getByRole('button', { name: 'Preview the last 30 days' }));
    expect(
      await within(form).findByText('1 entry in the last 30 days: this rule would have acted on each.'),
    ).toBeInTheDocument();
    expect(within(form).getByRole('rowheader', { name: 'Asha Rao' })).toBeInTheDocument();
    expect(api).toHaveBeenCalledWith(CALLS.staffAutomationsPreview, {
      status: 'Payment Pending',
      india_only: false,
    });
    expect(await axeViolations()).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Save, paused' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(CALLS.staffAutomationsSave, {
        name: 'Bill when ready',
        status: 'Payment Pending',
        india_only: false,
        action: { kind: 'invoice', price_item_ids: [FEDERAL] },
        paused: true,
      }),
    );
    expect(await within(form).findByText(MESSAGES.AUTOMATION_SAVED)).toBeInTheDocument();
  });

  it('opens a rule to change it, keeping its state unless told', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Automations />);
    await user.click(await screen.findByRole('button', { name: 'Change Invoice on Payment Pending' }));
    const form = await screen.findByRole('form', { name: 'Change "Invoice on Payment Pending"' });
    expect(within(form).getByRole('checkbox', { name: 'Federal return ($275.00)' })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(CALLS.staffAutomationsSave, {
        rule_id: RULE,
        name: 'Invoice on Payment Pending',
        status: 'Payment Pending',
        india_only: false,
        action: { kind: 'invoice', price_item_ids: [FEDERAL] },
      }),
    );
  });
});
