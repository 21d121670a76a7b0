import { CALLS, MESSAGES, type Rate } from '@taxfirm/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, fieldRefusal } from '../../../testing/api-mock.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { RatesSection } from './rates-section.tsx';

const INR_2025: Rate = {
  currency: 'INR',
  year: 2025,
  units_per_usd: '85.614',
  source: 'Treasury Reporting Rates of Exchange, 31 December 2025',
  updated_at: '2026-01-05T10:00:00.000Z',
  updated_by: 'Meena Rao',
};
const EUR_2024: Rate = {
  currency: 'EUR',
  year: 2024,
  units_per_usd: '0.962',
  source: 'Treasury Reporting Rates of Exchange, 31 December 2024',
  updated_at: '2025-01-06T10:00:00.000Z',
  updated_by: null,
};

const bodiesOf = (call: unknown) => api.mock.calls.filter(([c]) => c === call).map(([, body]) => body);

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (call: { path: string }) => {
    if (call.path === CALLS.staffRatesList.path)
      return { http_code: 200, status_smessage: 'Success', rates: [INR_2025, EUR_2024] };
    if (call.path === CALLS.staffRatesSave.path)
      return { http_code: 200, status_smessage: MESSAGES.RATE_SAVED };
    throw new Error(`unexpected call ${call.path}`);
  });
});

describe('RatesSection', () => {
  it('lists the rates by year and currency, with their source and who set them', async () => {
    const { container } = renderWithProviders(<RatesSection />);
    const table = await screen.findByRole('table', { name: 'Year-end exchange rates' });
    const [, inr, eur] = within(table).getAllByRole('row');
    if (!inr || !eur) throw new Error('two rows expected');
    expect(
      within(inr)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '2025',
      '85.614',
      INR_2025.source,
      expect.stringMatching(/^01-05-2026 .* by Meena Rao$/),
      'Change',
    ]);
    expect(within(eur).getByRole('rowheader')).toHaveTextContent('EUR');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('posts the rate form (currency, year, units per dollar, source) and shows the answer', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RatesSection />);
    const form = await screen.findByRole('form', { name: 'Set a year-end rate' });
    // The dollar itself has no rate.
    expect(within(form).queryByRole('option', { name: 'USD' })).toBeNull();
    await user.selectOptions(within(form).getByLabelText(/^Currency/), 'GBP');
    const year = within(form).getByRole('textbox', { name: /^Year/ });
    await user.clear(year);
    await user.type(year, '2025');
    await user.type(within(form).getByLabelText(/^Units per US dollar/), '0.7435');
    await user.type(within(form).getByLabelText(/^Source/), 'Treasury, 31 December 2025');
    await user.click(within(form).getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText(MESSAGES.RATE_SAVED)).toBeVisible();
    expect(bodiesOf(CALLS.staffRatesSave)).toEqual([
      { currency: 'GBP', year: 2025, units_per_usd: '0.7435', source: 'Treasury, 31 December 2025' },
    ]);
  });

  it("checks the rate before posting, and shows the server's refusal beside its field", async () => {
    const user = userEvent.setup();
    renderWithProviders(<RatesSection />);
    const form = await screen.findByRole('form', { name: 'Set a year-end rate' });
    await user.type(within(form).getByLabelText(/^Units per US dollar/), '85,6');
    await user.click(within(form).getByRole('button', { name: 'Save rate' }));
    expect(await within(form).findByText(MESSAGES.RATE_VALUE_INVALID)).toBeVisible();
    expect(within(form).getByText(MESSAGES.RATE_SOURCE_REQUIRED)).toBeVisible();
    expect(bodiesOf(CALLS.staffRatesSave)).toEqual([]);

    api.mockImplementation(async (call: { path: string }) => {
      if (call.path === CALLS.staffRatesSave.path)
        throw fieldRefusal({ units_per_usd: MESSAGES.RATE_VALUE_INVALID });
      return { http_code: 200, status_smessage: 'Success', rates: [] };
    });
    const rate = within(form).getByLabelText(/^Units per US dollar/);
    await user.clear(rate);
    await user.type(rate, '85.6');
    await user.type(within(form).getByLabelText(/^Source/), 'Treasury');
    expect(within(form).queryByText(MESSAGES.RATE_VALUE_INVALID)).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Save rate' }));
    expect(await within(form).findByText(MESSAGES.RATE_VALUE_INVALID)).toBeVisible();
    expect(bodiesOf(CALLS.staffRatesSave)).toHaveLength(1);
  });

  it('puts a kept rate in the form to change it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RatesSection />);
    await user.click(await screen.findByRole('button', { name: 'Change EUR 2024' }));
    const form = screen.getByRole('form', { name: 'Set a year-end rate' });
    expect(within(form).getByLabelText(/^Currency/)).toHaveValue('EUR');
    expect(within(form).getByRole('textbox', { name: /^Year/ })).toHaveValue('2024');
    expect(within(form).getByLabelText(/^Units per US dollar/)).toHaveValue('0.962');
  });
});
