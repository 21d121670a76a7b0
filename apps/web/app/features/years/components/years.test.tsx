import { CALLS, MESSAGES, type AccountYear } from '@taxfirm/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { api } from '../../../testing/api-mock.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { YearView } from './year-page.tsx';
import { YearSwitcher } from './year-switcher.tsx';

const ok = { http_code: 200, status_smessage: 'Success' };
const TWO_YEARS = {
  ...ok,
  current_tax_year: 2025,
  years: [
    { tax_year: 2025, status: 'Docs Upload Pending', closed: false },
    { tax_year: 2024, status: 'Filing Docs Sent', closed: true },
  ],
};
const SIGNED_ID = '00000000-0000-4000-8000-0000000000a1';
const LAST_YEAR: AccountYear = {
  ...ok,
  tax_year: 2024,
  status: 'Filing Docs Sent',
  closed: true,
  read_only: true,
  summaries: [
    {
      summary_id: '00000000-0000-4000-8000-0000000000b1',
      title: '2024 tax summary',
      status_label: 'Ready for your review',
      url: '/api/account/download?t=summary',
      held_until_paid: false,
    },
  ],
  signed: [
    {
      document_id: SIGNED_ID,
      kind: '8879',
      kind_label: 'Form 8879 (IRS e-file signature authorization)',
      title: 'Form 8879 for 2024',
      signed_at: '2025-04-01T15:00:00.000Z',
      signed_url: '/api/account/signatures/file?t=signed',
      has_return: true,
    },
  ],
  deliverables: [],
  invoices: [],
  progress: { open: 0, to_review: 0, accepted: 1, required: 1, complete: true },
  checklist: [],
  uploads: [
    {
      category: 'W2',
      label: 'W2',
      files: [
        {
          document_id: '00000000-0000-4000-8000-0000000000c1',
          name: 'w2-2024.pdf',
          size: 3000,
          content_type: 'application/pdf',
          uploaded_at: '2025-02-01T15:00:00.000Z',
          locked: false,
          download_url: '/api/account/download?t=w2',
        },
      ],
    },
  ],
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderSwitcher(route: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <nav aria-label="Client menu">
            <YearSwitcher />
            <Where />
          </nav>
        }
      />
    </Routes>,
    { route },
  );
}

describe('YearSwitcher', () => {
  beforeEach(() => {
    api.mockReset();
    api.mockImplementation(async (call: { path: string }) => {
      if (call.path === CALLS.accountYearsList.path) return TWO_YEARS;
      throw new Error(`unexpected call ${call.path}`);
    });
  });

  it('is a labelled select of the client’s years, the current one chosen by default; choosing last year opens its page and the current year the dashboard', async () => {
    const user = userEvent.setup();
    const { container } = renderSwitcher('/user/upload');
    const select = await screen.findByRole('combobox', { name: 'Tax year' });
    expect(select).toHaveValue('2025');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2025 (current)', '2024 (closed)']);
    expect(await axeViolations(container)).toEqual([]);

    await user.selectOptions(select, '2024');
    expect(screen.getByTestId('where')).toHaveTextContent('/user/years/2024');
    expect(screen.getByRole('combobox', { name: 'Tax year' })).toHaveValue('2024');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tax year' }), '2025');
    expect(screen.getByTestId('where')).toHaveTextContent('/user/dashboard');
  });

  it('is keyboard-usable: a native select reached with Tab', async () => {
    const user = userEvent.setup();
    renderSwitcher('/user/dashboard');
    await screen.findByRole('combobox', { name: 'Tax year' });
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Tax year' })).toHaveFocus();
  });

  it('shows nothing to a client with one year: their portal is the spec’s, unchanged', async () => {
    api.mockImplementation(async () => ({ ...TWO_YEARS, years: TWO_YEARS.years.slice(0, 1) }));
    renderSwitcher('/user/dashboard');
    await screen.findByTestId('where');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('combobox', { name: 'Tax year' })).not.toBeInTheDocument();
  });
});

describe('YearView', () => {
  const calls: string[] = [];
  beforeEach(() => {
    calls.length = 0;
    api.mockReset();
    api.mockImplementation(async (call: { path: string }) => {
      calls.push(call.path);
      if (call.path === CALLS.accountYearsGet.path) return LAST_YEAR;
      if (call.path === CALLS.accountYearsZip.path || call.path === CALLS.accountYearsReturn.path) {
        throw new ApiError(MESSAGES.STEP_UP_REQUIRED, { status: 403, code: 'STEP_UP_REQUIRED' });
      }
      throw new Error(`unexpected call ${call.path}`);
    });
  });

  it('shows a closed year read-only: status, the summary and signed 8879 to download, uploads; no write controls', async () => {
    const { container } = renderWithProviders(
      <main>
        <h1>Tax year 2024</h1>
        <YearView taxYear={2024} />
      </main>,
      { env: 'test' },
    );
    expect(await screen.findByText('Filing Docs Sent')).toBeInTheDocument();
    expect(screen.getByText(/This tax year is closed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download 2024 tax summary' })).toHaveAttribute(
      'href',
      '/api/account/download?t=summary',
    );
    expect(screen.getByRole('link', { name: 'Download signed Form 8879 for 2024' })).toHaveAttribute(
      'href',
      '/api/account/signatures/file?t=signed',
    );
    expect(screen.getByRole('link', { name: 'Download w2-2024.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /upload|delete|sign now/i })).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('asks for a step-up before the filed return or the whole year is downloaded', async () => {
    const user = userEvent.setup();
    renderWithProviders(<YearView taxYear={2024} />, { env: 'test' });
    await user.click(await screen.findByRole('button', { name: 'Download this year' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(calls).toContain(CALLS.accountYearsZip.path);
  });
});
