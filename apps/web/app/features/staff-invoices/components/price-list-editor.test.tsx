import { CALLS, MESSAGES, type PriceItem } from '@taxfirm/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PriceListSection } from './price-list-editor.tsx';
import { api } from '../../../testing/api-mock.ts';

const FEDERAL = '00000000-0000-4000-8000-0000000000f1';
const STATE = '00000000-0000-4000-8000-0000000000f2';
const ITEMS: PriceItem[] = [
  { id: FEDERAL, name: 'Federal return (Form 1040)', amount: 30000, currency: 'USD', active: true },
  { id: STATE, name: 'State return (each state)', amount: 8889, currency: 'USD', active: false },
];

const saves = () =>
  api.mock.calls.filter(([call]) => call === CALLS.staffPricelistSave).map(([, body]) => body);

let inrEnabled = false;
beforeEach(() => {
  inrEnabled = false;
  api.mockReset();
  api.mockImplementation(async (call: { path: string }, body: { items: PriceItem[] }) => {
    if (call.path === CALLS.staffPricelistList.path)
      return { http_code: 200, status_smessage: 'Success', items: ITEMS, inr_enabled: inrEnabled };
    if (call.path === CALLS.staffPricelistSave.path)
      return {
        http_code: 200,
        status_smessage: MESSAGES.PRICE_LIST_SAVED,
        items: body.items.map((item, i) => ({
          ...item,
          id: item.id ?? `00000000-0000-4000-8000-00000000010${i}`,
        })),
        inr_enabled: inrEnabled,
      };
    throw new Error(`unexpected call ${call.path}`);
  });
});

function renderEditor() {
  return renderWithProviders(<PriceListSection />);
}

describe('PriceListSection', () => {
  it('edits, adds, reorders and removes items, and saves the whole list in cents, in its order', async () => {
    const { container } = renderEditor();
    const form = await screen.findByRole('form', { name: 'Price list' });
    const first = within(form).getByRole('group', { name: 'Item 1' });
    expect(within(first).getByLabelText(/^Name/)).toHaveValue('Federal return (Form 1040)');
    expect(within(first).getByLabelText(/^Price \(\$\)/)).toHaveValue('300.00');
    expect(within(first).getByLabelText('Active')).toBeChecked();
    const second = within(form).getByRole('group', { name: 'Item 2' });
    expect(within(second).getByLabelText('Active')).not.toBeChecked();
    // INR is not offered while the firm has it off.
    expect(within(within(first).getByLabelText('Currency')).queryByText('INR')).toBeNull();
    expect(await axeViolations(container)).toEqual([]);

    await userEvent.clear(within(first).getByLabelText(/^Price \(\$\)/));
    await userEvent.type(within(first).getByLabelText(/^Price \(\$\)/), '325');
    await userEvent.click(within(second).getByLabelText('Active'));
    await userEvent.click(within(form).getByRole('button', { name: 'Add item' }));
    const third = within(form).getByRole('group', { name: 'Item 3' });
    await userEvent.type(within(third).getByLabelText(/^Name/), 'FBAR');
    await userEvent.type(within(third).getByLabelText(/^Price \(\$\)/), '75');
    await userEvent.click(within(form).getByRole('button', { name: 'Move FBAR up' }));
    expect(within(form).getByRole('button', { name: 'Move Federal return (Form 1040) up' })).toBeDisabled();
    await userEvent.click(within(form).getByRole('button', { name: 'Remove State return (each state)' }));

    await userEvent.click(within(form).getByRole('button', { name: 'Save price list' }));
    expect(await within(form).findByText(MESSAGES.PRICE_LIST_SAVED)).toBeVisible();
    expect(saves()).toEqual([
      {
        items: [
          { id: FEDERAL, name: 'Federal return (Form 1040)', amount: 32500, currency: 'USD', active: true },
          { name: 'FBAR', amount: 7500, currency: 'USD', active: true },
        ],
      },
    ]);
  });

  it('refuses a nameless item, a price that is not dollars and cents, and two items of one name', async () => {
    renderEditor();
    const form = await screen.findByRole('form', { name: 'Price list' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add item' }));
    const third = within(form).getByRole('group', { name: 'Item 3' });
    await userEvent.type(within(third).getByLabelText(/^Price \(\$\)/), '7.505');
    await userEvent.click(within(form).getByRole('button', { name: 'Save price list' }));
    expect(await within(third).findByText(MESSAGES.PRICE_ITEM_NAME_REQUIRED)).toBeVisible();
    expect(within(third).getByText(MESSAGES.INVOICE_LINE_AMOUNT_INVALID)).toBeVisible();

    await userEvent.type(within(third).getByLabelText(/^Name/), 'federal return (form 1040)');
    await userEvent.clear(within(third).getByLabelText(/^Price \(\$\)/));
    await userEvent.type(within(third).getByLabelText(/^Price \(\$\)/), '7.50');
    await userEvent.click(within(form).getByRole('button', { name: 'Save price list' }));
    expect(await within(form).findByText(MESSAGES.PRICE_ITEM_NAME_DUPLICATE)).toBeVisible();
    expect(saves()).toEqual([]);
  });

  it('offers INR when the firm bills in it, and shows the server’s message on its field', async () => {
    inrEnabled = true;
    api.mockImplementation(async (call: { path: string }) => {
      if (call.path === CALLS.staffPricelistList.path)
        return { http_code: 200, status_smessage: 'Success', items: ITEMS, inr_enabled: true };
      throw new ApiError(MESSAGES.INVOICE_LINE_AMOUNT_INVALID, {
        status: 400,
        code: 'VALIDATION_FAILED',
        details: { 'items.1.amount': MESSAGES.INVOICE_LINE_AMOUNT_INVALID },
      });
    });
    renderEditor();
    const form = await screen.findByRole('form', { name: 'Price list' });
    const second = within(form).getByRole('group', { name: 'Item 2' });
    await userEvent.selectOptions(within(second).getByLabelText('Currency'), 'INR');
    expect(within(second).getByLabelText(/^Price \(₹\)/)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Save price list' }));
    expect(await within(second).findByText(MESSAGES.INVOICE_LINE_AMOUNT_INVALID)).toBeVisible();
    expect(within(second).getByLabelText(/^Price \(₹\)/)).toHaveAttribute('aria-invalid', 'true');
  });
});
