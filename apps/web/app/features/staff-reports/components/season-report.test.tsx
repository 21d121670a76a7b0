import { screen } from '@testing-library/react';
import { CALLS, FILE_STATUSES } from '@taxfirm/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../testing/api-mock.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { SeasonReport } from './season-report.tsx';

const usd = { currency: 'USD', billed_cents: 30_000, paid_cents: 10_000, outstanding_cents: 20_000 };
const inr = { currency: 'INR', billed_cents: 500_000, paid_cents: 500_000, outstanding_cents: 0 };

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (call: { path: string }) => {
    if (call.path === CALLS.taxYears.path)
      return { http_code: 200, status_smessage: 'Success', taxyears: [2025, 2024] };
    if (call.path === CALLS.staffSeasonReport.path) {
      return {
        http_code: 200,
        status_smessage: 'Success',
        tax_year: 2025,
        by_owner: [
          {
            owner_id: 'a1',
            owner: 'Meera Nair',
            files_in_progress: 12,
            overdue_deliverables: 3,
            documents_to_review: 5,
            money: [usd],
          },
          {
            owner_id: null,
            owner: 'Unassigned',
            files_in_progress: 4,
            overdue_deliverables: 1,
            documents_to_review: 0,
            money: [inr],
          },
        ],
        by_status: FILE_STATUSES.map((status, i) => ({
          status,
          files: i,
          median_days: i === 0 ? 4.5 : null,
        })),
        totals: { files_in_progress: 16, overdue_deliverables: 4, documents_to_review: 5, money: [inr, usd] },
      };
    }
    throw new Error(`unexpected call ${call.path}`);
  });
});

describe('SeasonReport', () => {
  it('shows each owner, the totals in each currency and each status, with the CSV of the year', async () => {
    renderWithProviders(<SeasonReport />);
    const meera = await screen.findByRole('row', { name: /Meera Nair/ });
    expect(meera).toHaveTextContent('Meera Nair1235$300.00$100.00$200.00');
    expect(screen.getByRole('row', { name: /All files/ })).toHaveTextContent('₹5,000.00$300.00');
    expect(screen.getByRole('row', { name: /^To Be Assigned/ })).toHaveTextContent('To Be Assigned04.5');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/staff/reports/season/export?taxy=2025',
    );
    expect(api).toHaveBeenCalledWith(CALLS.staffSeasonReport, { taxy: 2025 });
    expect(await axeViolations()).toEqual([]);
  });
});
