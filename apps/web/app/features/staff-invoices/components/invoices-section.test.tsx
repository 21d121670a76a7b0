import { CALLS, MESSAGES, type PriceItem, type StaffRole } from '@taxfirm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { InvoicesSection } from './invoices-section.tsx';
import { CLIENT, staffInvoiceFixture } from './staff-invoice.fixture.ts';
import { api } from '../../../testing/api-mock.ts';

const FEDERAL = '00000000-0000-4000-8000-0000000000f1';
const STATE = '00000000-0000-4000-8000-0000000000f2';
const ITR = '00000000-0000-4000-8000-0000000000f3';

const PRICES: PriceItem[] = [
  { id: FEDERAL, name: 'Federal return (Form 1040)', amount: 30000, currency: 'USD', active: true },
  { id: STATE, name: 'State return (each state)', amount: 8889, currency: 'USD', active: true },
  { id: ITR, name: 'India ITR', amount: 500000, currency: 'INR', active: true },
  {
    id: '00000000-0000-4000-8000-0000000000f4',
    name: 'Retired item',
    amount: 100,
    currency: 'USD',
    active: false,
  },
];

const invoice = staffInvoiceFixture;

const DRAFT = invoice({
  id: '00000000-0000-4000-8000-0000000000a2',
  number: 'INV-2026-0002',
  status: 'draft',
  subtotal: 7500,
  discount: 0,
  discount_kind: null,
  discount_value: null,
  discount_reason: null,
  total: 7500,
  paid: 0,
  balance: 7500,
  due_date: null,
  sent_at: null,
  lines: [{ description: 'FBAR', quantity: 1, unit_amount: 7500, amount: 7500 }],
  payments: [],
  pdf_url: '/api/staff/invoices/pdf?t=invoice2',
});

const ok = (rest: object, message = 'Success') => ({ http_code: 200, status_smessage: message, ...rest });
const bodiesOf = (call: unknown) => api.mock.calls.filter(([c]) => c === call).map(([, body]) => body);

let inrEnabled = false;
beforeEach(() => {
  inrEnabled = false;
  api.mockReset();
  api.mockImplementation(async (call: { path: string }) => {
    if (call.path === CALLS.staffInvoicesList.path)
      return ok({ draw: 1, recordsTotal: 2, recordsFiltered: 2, data: [invoice({}), DRAFT], totals: [] });
    if (call.path === CALLS.staffPricelistList.path) return ok({ items: PRICES, inr_enabled: inrEnabled });
    if (call.path === CALLS.staffInvoicesCreate.path)
      return ok({ invoice: invoice({ status: 'draft' }) }, MESSAGES.INVOICE_CREATED);
    if (call.path === CALLS.staffInvoicesSave.path) return ok({ invoice: DRAFT }, MESSAGES.INVOICE_SAVED);
    if (call.path === CALLS.staffInvoicesSend.path) return ok({ invoice: DRAFT }, MESSAGES.INVOICE_SENT);
    if (call.path === CALLS.staffInvoicesVoid.path) return ok({ invoice: DRAFT }, MESSAGES.INVOICE_VOIDED);
    if (call.path === CALLS.staffInvoicesRefund.path)
      return ok({ invoice: invoice({}) }, MESSAGES.INVOICE_REFUNDED);
    throw new Error(`unexpected call ${call.path}`);
  });
});

function renderSection(role: StaffRole = 'analyst') {
  // env "test": no transitions, so the price list's dropdown shows at once.
  return renderWithProviders(
    <InvoicesSection clientId={CLIENT} clientName="Priya Rao" taxYear={2025} role={role} />,
    { env: 'test' },
  );
}

async function cardOf(number: string) {
  const list = await screen.findByRole('list', { name: 'Invoices' });
  return within(list).getByRole('listitem', { name: number });
}

async function pick(form: HTMLElement, option: string) {
  await userEvent.click(within(form).getByRole('combobox', { name: 'Add from price list' }));
  await userEvent.click(await within(form).findByRole('option', { name: option }));
}

describe('InvoicesSection', () => {
  it("lists the year's invoices for this client: status, amounts, dates, lines, payments and their documents", async () => {
    const { container } = renderSection();
    const sent = await cardOf('INV-2026-0001');
    expect(within(sent).getByText('Partly paid')).toBeInTheDocument();
    expect(
      within(sent).getByText(
        'Total $350.00 · Paid $200.00 · Balance $150.00 · Due 12-15-2026 · Sent 11-20-2026',
      ),
    ).toBeVisible();
    expect(within(sent).getByText('Discount −$38.89 (10%): Returning client')).toBeVisible();
    expect(within(sent).getByRole('link', { name: 'Invoice PDF' })).toHaveAttribute(
      'href',
      '/api/staff/invoices/pdf?t=invoice1',
    );
    const payments = within(sent).getByRole('list', { name: 'Payments of INV-2026-0001' });
    expect(within(payments).getByText(/\$200\.00 paid 11-21-2026 .* · pay_Xyz789/)).toBeVisible();
    expect(within(payments).getByRole('link', { name: 'Receipt' })).toHaveAttribute(
      'href',
      '/api/staff/invoices/pdf?t=receipt1',
    );
    // Money stands on it: no void; refunds are for admins only; only drafts are edited or sent.
    expect(within(sent).queryByRole('button', { name: /Void/ })).toBeNull();
    expect(within(sent).queryByRole('button', { name: /Refund/ })).toBeNull();
    expect(within(sent).queryByRole('button', { name: /Send to client|Edit/ })).toBeNull();

    const draft = await cardOf('INV-2026-0002');
    expect(within(draft).getByText('Draft')).toBeInTheDocument();
    expect(within(draft).getByText(/Due not set · Sent not yet/)).toBeVisible();
    expect(within(draft).getByRole('button', { name: 'Send to client' })).toBeVisible();
    expect(within(draft).getByRole('button', { name: 'Void INV-2026-0002' })).toBeVisible();
    expect(bodiesOf(CALLS.staffInvoicesList)).toEqual([
      {
        client_id: CLIENT,
        taxy: 2025,
        filter: 'all',
        dataTablesParameters: { draw: 1, start: 0, length: 100 },
      },
    ]);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('focuses the invoice a link into the file names (?focus=), not the section', async () => {
    renderWithProviders(
      <InvoicesSection
        clientId={CLIENT}
        clientName="Priya Rao"
        taxYear={2025}
        role="analyst"
        focusOnOpen
        focusId={DRAFT.id}
      />,
      { env: 'test' },
    );
    const named = await cardOf('INV-2026-0002');
    await waitFor(() => expect(named).toHaveFocus());
    expect(await cardOf('INV-2026-0001')).not.toHaveAttribute('tabindex');
  });

  it('builds an invoice from the price list and custom lines, with the totals previewed as they change', async () => {
    renderSection();
    const form = await screen.findByRole('form', { name: 'New invoice' });
    // USD only while the firm has INR off; the INR and inactive items are not offered.
    expect(within(form).getByLabelText('Currency')).toHaveDisplayValue('USD ($)');
    expect(within(within(form).getByLabelText('Currency')).queryByText('INR (₹)')).toBeNull();
    await userEvent.click(within(form).getByRole('combobox', { name: 'Add from price list' }));
    expect(within(form).queryByRole('option', { name: /India ITR|Retired item/ })).toBeNull();
    await userEvent.click(
      await within(form).findByRole('option', { name: 'Federal return (Form 1040) · $300.00' }),
    );
    await pick(form, 'State return (each state) · $88.89');

    const line2 = within(form).getByRole('group', { name: 'Line 2' });
    expect(within(line2).getByLabelText(/^Description/)).toHaveValue('State return (each state)');
    expect(within(line2).getByLabelText(/^Price \(\$\)/)).toHaveValue('88.89');
    expect(within(form).getByText('Total $388.89')).toBeVisible();

    await userEvent.click(within(form).getByRole('button', { name: 'Add a custom line' }));
    const line3 = within(form).getByRole('group', { name: 'Line 3' });
    await userEvent.type(within(line3).getByLabelText(/^Description/), 'Extra schedule');
    await userEvent.clear(within(line3).getByLabelText(/^Quantity/));
    await userEvent.type(within(line3).getByLabelText(/^Quantity/), '2');
    await userEvent.type(within(line3).getByLabelText(/^Price \(\$\)/), '12.50');
    expect(within(form).getByText('Total $413.89')).toBeVisible();
    await userEvent.click(within(form).getByRole('button', { name: 'Remove line 3' }));
    expect(within(form).queryByRole('group', { name: 'Line 3' })).toBeNull();
  });

  it('asks for the discount’s reason, then saves the draft in cents and starts a new one', async () => {
    renderSection();
    const form = await screen.findByRole('form', { name: 'New invoice' });
    await pick(form, 'Federal return (Form 1040) · $300.00');
    await pick(form, 'State return (each state) · $88.89');

    // A 10% discount needs its reason, in the browser, before any call.
    await userEvent.click(within(form).getByRole('radio', { name: 'Percent (%)' }));
    await userEvent.type(within(form).getByLabelText(/^Discount percent \(%\)/), '10');
    expect(within(form).getByText('Subtotal $388.89')).toBeVisible();
    expect(within(form).getByText('Discount −$38.89')).toBeVisible();
    expect(within(form).getByText('Total $350.00')).toBeVisible();
    await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(await within(form).findByText(MESSAGES.INVOICE_DISCOUNT_REASON_REQUIRED)).toBeVisible();
    expect(bodiesOf(CALLS.staffInvoicesCreate)).toEqual([]);

    await userEvent.type(within(form).getByLabelText(/^Discount reason/), 'Returning client');
    await userEvent.type(within(form).getByLabelText('Due date'), '2026-12-15');
    await userEvent.type(within(form).getByLabelText('Note to the client'), 'Thank you.');
    expect(await axeViolations(form)).toEqual([]);
    await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(await within(form).findByText(MESSAGES.INVOICE_CREATED)).toBeVisible();
    expect(bodiesOf(CALLS.staffInvoicesCreate)).toEqual([
      {
        client_id: CLIENT,
        taxy: 2025,
        currency: 'USD',
        lines: [
          {
            price_item_id: FEDERAL,
            description: 'Federal return (Form 1040)',
            quantity: 1,
            unit_amount: 30000,
          },
          { price_item_id: STATE, description: 'State return (each state)', quantity: 1, unit_amount: 8889 },
        ],
        discount: { kind: 'percent', value: 10, reason: 'Returning client' },
        due_date: '2026-12-15',
        note: 'Thank you.',
      },
    ]);
    // The form starts over for the next invoice.
    expect(within(form).queryByRole('group', { name: 'Line 1' })).toBeNull();
  });

  it('refuses a price that is not dollars and cents, and shows the server’s messages on their fields', async () => {
    api.mockImplementation(async (call: { path: string }, body: { currency?: string }) => {
      if (call.path === CALLS.staffInvoicesList.path)
        return ok({ draw: 1, recordsTotal: 0, recordsFiltered: 0, data: [], totals: [] });
      if (call.path === CALLS.staffPricelistList.path) return ok({ items: PRICES, inr_enabled: true });
      if (call.path === CALLS.staffInvoicesCreate.path && body.currency === 'USD')
        return ok({ invoice: invoice({ status: 'draft' }) }, MESSAGES.INVOICE_CREATED);
      if (call.path === CALLS.staffInvoicesCreate.path)
        throw new ApiError(MESSAGES.INVOICE_LINE_CURRENCY_MISMATCH, {
          status: 400,
          code: 'VALIDATION_FAILED',
          details: { 'lines.0.price_item_id': MESSAGES.INVOICE_LINE_CURRENCY_MISMATCH },
        });
      throw new Error(`unexpected call ${call.path}`);
    });
    renderSection();
    expect(await screen.findByText('No invoices for 2025 yet.')).toBeVisible();
    const form = screen.getByRole('form', { name: 'New invoice' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(await within(form).findByText(MESSAGES.INVOICE_LINES_REQUIRED)).toBeVisible();

    await userEvent.click(within(form).getByRole('button', { name: 'Add a custom line' }));
    const line = within(form).getByRole('group', { name: 'Line 1' });
    await userEvent.type(within(line).getByLabelText(/^Description/), 'Consultation');
    await userEvent.type(within(line).getByLabelText(/^Price \(\$\)/), '12.345');
    await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(await within(line).findByText(MESSAGES.INVOICE_LINE_AMOUNT_INVALID)).toBeVisible();
    expect(bodiesOf(CALLS.staffInvoicesCreate)).toEqual([]);

    // Fixed, it is sent in cents.
    await userEvent.clear(within(line).getByLabelText(/^Price \(\$\)/));
    await userEvent.type(within(line).getByLabelText(/^Price \(\$\)/), '12.35');
    await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(bodiesOf(CALLS.staffInvoicesCreate)).toHaveLength(1));
    expect(bodiesOf(CALLS.staffInvoicesCreate)[0]).toMatchObject({
      currency: 'USD',
      lines: [{ price_item_id: null, description: 'Consultation', quantity: 1, unit_amount: 1235 }],
    });

    // INR is offered when the firm enables it, with its own items in rupees. A USD item left on an INR
    // invoice is refused by the server: its message shows on that line.
    expect(await within(form).findByText(MESSAGES.INVOICE_CREATED)).toBeVisible();
    await pick(form, 'Federal return (Form 1040) · $300.00');
    await userEvent.selectOptions(within(form).getByLabelText('Currency'), 'INR');
    const federal = within(form).getByRole('group', { name: 'Line 1' });
    expect(within(federal).getByLabelText(/^Price \(₹\)/)).toHaveValue('300.00');
    await userEvent.click(within(form).getByRole('combobox', { name: 'Add from price list' }));
    expect(await within(form).findByRole('option', { name: 'India ITR · ₹5,000.00' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(await within(federal).findByText(MESSAGES.INVOICE_LINE_CURRENCY_MISMATCH)).toBeVisible();
    expect(within(federal).getByLabelText(/^Description/)).toHaveAttribute('aria-invalid', 'true');
    expect(bodiesOf(CALLS.staffInvoicesCreate)[1]).toMatchObject({
      currency: 'INR',
      lines: [{ price_item_id: FEDERAL, description: 'Federal return (Form 1040)', unit_amount: 30000 }],
    });
  });

  it('edits a draft and saves it, sends it after asking, and voids it with a reason', async () => {
    renderSection();
    const draft = await cardOf('INV-2026-0002');
    await userEvent.click(within(draft).getByRole('button', { name: 'Edit INV-2026-0002' }));
    const form = within(draft).getByRole('form', { name: 'Edit INV-2026-0002' });
    const line = within(form).getByRole('group', { name: 'Line 1' });
    expect(within(line).getByLabelText(/^Price \(\$\)/)).toHaveValue('75.00');
    await userEvent.clear(within(line).getByLabelText(/^Price \(\$\)/));
    await userEvent.type(within(line).getByLabelText(/^Price \(\$\)/), '80');
    await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(MESSAGES.INVOICE_SAVED)).toBeVisible();
    expect(bodiesOf(CALLS.staffInvoicesSave)).toEqual([
      {
        invoice_id: DRAFT.id,
        lines: [{ price_item_id: null, description: 'FBAR', quantity: 1, unit_amount: 8000 }],
        discount: null,
        due_date: null,
        note: null,
      },
    ]);

    await userEvent.click(within(draft).getByRole('button', { name: 'Send to client' }));
    const ask = await screen.findByRole('dialog', { name: 'Send INV-2026-0002 to Priya Rao?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(bodiesOf(CALLS.staffInvoicesSend)).toEqual([]);
    await userEvent.click(within(draft).getByRole('button', { name: 'Send to client' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: /^Send INV-2026-0002/ })).getByRole('button', {
        name: 'Send invoice',
      }),
    );
    expect(await screen.findByText(MESSAGES.INVOICE_SENT)).toBeVisible();
    expect(bodiesOf(CALLS.staffInvoicesSend)).toEqual([{ invoice_id: DRAFT.id }]);

    await userEvent.click(within(draft).getByRole('button', { name: 'Void INV-2026-0002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void INV-2026-0002?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    expect(await within(dialog).findByText(MESSAGES.INVOICE_VOID_REASON_REQUIRED)).toBeVisible();
    expect(bodiesOf(CALLS.staffInvoicesVoid)).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Billed twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    expect(await screen.findByText(MESSAGES.INVOICE_VOIDED)).toBeVisible();
    expect(bodiesOf(CALLS.staffInvoicesVoid)).toEqual([{ invoice_id: DRAFT.id, reason: 'Billed twice' }]);
  });

  it('lets an admin refund part of a payment in dollars, never more than is left of it', async () => {
    renderSection('admin');
    const sent = await cardOf('INV-2026-0001');
    await userEvent.click(within(sent).getByRole('button', { name: 'Refund order_Abc123' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order_Abc123 of INV-2026-0001?' });
    const amount = within(dialog).getByLabelText(/^Refund amount \(\$\)/);
    expect(amount).toHaveValue('200.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '200.01');
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Overcharged');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund payment' }));
    expect(await within(dialog).findByText(MESSAGES.REFUND_AMOUNT_INVALID)).toBeVisible();
    expect(bodiesOf(CALLS.staffInvoicesRefund)).toEqual([]);

    await userEvent.clear(amount);
    await userEvent.type(amount, '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund payment' }));
    expect(await screen.findByText(MESSAGES.INVOICE_REFUNDED)).toBeVisible();
    expect(bodiesOf(CALLS.staffInvoicesRefund)).toEqual([
      {
        invoice_id: invoice({}).id,
        order_id: 'order_Abc123',
        amount: 5000,
        reason: 'Overcharged',
      },
    ]);
  });

  it('asks the admin to confirm it is them when the server wants a fresh step-up, then sends the refund again', async () => {
    let steppedUp = false;
    const answer = api.getMockImplementation();
    api.mockImplementation(async (call: { path: string }, body: unknown) => {
      if (call.path === CALLS.staffStepUp.path) {
        steppedUp = true;
        return ok({});
      }
      if (call.path === CALLS.staffInvoicesRefund.path && !steppedUp)
        throw new ApiError(MESSAGES.STEP_UP_REQUIRED, { status: 403, code: 'STEP_UP_REQUIRED' });
      return answer?.(call, body);
    });
    renderSection('admin');
    const sent = await cardOf('INV-2026-0001');
    await userEvent.click(within(sent).getByRole('button', { name: 'Refund order_Abc123' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order_Abc123 of INV-2026-0001?' });
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Overcharged');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund payment' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(within(dialog).queryByText(MESSAGES.STEP_UP_REQUIRED)).toBeNull();
    await userEvent.type(within(confirm).getByLabelText(/^Password/), 'correct horse battery');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(MESSAGES.INVOICE_REFUNDED)).toBeVisible();
    expect(bodiesOf(CALLS.staffStepUp)).toEqual([{ password: 'correct horse battery' }]);
    // Refused once, then sent again after the step-up: the same body both times.
    const refund = {
      invoice_id: invoice({}).id,
      order_id: 'order_Abc123',
      amount: 20000,
      reason: 'Overcharged',
    };
    expect(bodiesOf(CALLS.staffInvoicesRefund)).toEqual([refund, refund]);
  });

  it('lists a refund being confirmed with the provider, and offers no second refund of that payment meanwhile', async () => {
    const pending = invoice({
      refunds_pending: [{ order_id: 'order_Abc123', amount: 5000, created_at: '2026-11-28T16:00:00.000Z' }],
    });
    api.mockImplementation(async (call: { path: string }) => {
      if (call.path === CALLS.staffInvoicesList.path)
        return ok({ draw: 1, recordsTotal: 1, recordsFiltered: 1, data: [pending], totals: [] });
      if (call.path === CALLS.staffPricelistList.path) return ok({ items: PRICES, inr_enabled: false });
      throw new Error(`unexpected call ${call.path}`);
    });
    renderSection('admin');
    const sent = await cardOf('INV-2026-0001');
    const list = within(sent).getByRole('list', { name: 'Refunds of INV-2026-0001 in progress' });
    expect(list).toHaveTextContent(
      /Refund of \$50\.00 on order_Abc123 asked .*being confirmed with the payment provider/,
    );
    expect(within(sent).queryByRole('button', { name: 'Refund order_Abc123' })).toBeNull();
  });
});
