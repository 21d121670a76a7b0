import {
  CALLS,
  MESSAGES,
  WORKSHEET_PATHS,
  builtInOrganizer,
  type CallResponse,
  type OrganizerFindings,
} from '@taxfirm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { api, fieldRefusal } from '../../../testing/api-mock.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { OrganizerSection } from './organizer-section.tsx';

const CLIENT = '5b0e8c5e-2a64-4a47-9a39-9c2f2f0e7a11';

type OrganizerAnswer = CallResponse<typeof CALLS.staffOrganizerGet>;

const FINDINGS: OrganizerFindings = {
  presence: {
    applies: true,
    weighted_days: 340,
    meets: true,
    explanation:
      '300 days in 2025 + a third of 120 days in 2024 + a sixth of 0 days in 2023 = 340 days: at least 183, so you meet the Substantial Presence Test and file as a resident.',
  },
  fbar: {
    decision: 'required',
    aggregate_max_usd: 10_013,
    reason: "The accounts' maximum values add up to $10,013, more than $10,000.",
    missing_rates: [],
    accounts: [
      {
        bank: 'State Bank of India',
        country: 'India',
        type: 'NRO savings',
        joint_holder: 'Ramesh Rao',
        max: { amount: '900000', currency: 'INR', usd: 10_000 },
        year_end: { amount: '450000', currency: 'INR', usd: 5_000 },
      },
      {
        bank: 'HDFC Bank',
        country: 'India',
        type: 'Fixed deposit',
        joint_holder: null,
        max: { amount: '1170', currency: 'INR', usd: 13 },
        year_end: { amount: '1170', currency: 'INR', usd: 13 },
      },
    ],
  },
  form_8938: {
    decision: 'not-likely',
    year_end_usd: 7_213,
    any_time_usd: 12_213,
    threshold_year_end: 100_000,
    threshold_any_time: 150_000,
    reason:
      'Foreign assets: $7,213 on 31 December (threshold $100,000), $12,213 at most (threshold $150,000).',
  },
  pfic: [
    {
      house: 'SBI Mutual Fund',
      folio: '1234567',
      scheme: 'SBI Bluechip Fund',
      value: { amount: '120000', currency: 'INR', usd: 1_334 },
    },
    {
      house: 'HDFC Mutual Fund',
      folio: '7654321',
      scheme: 'HDFC Flexi Cap Fund',
      value: { amount: '78000', currency: 'INR', usd: 867 },
    },
  ],
  foreign_tax: [
    {
      kind: 'Interest',
      currency: 'INR',
      jan_mar: '10000.00',
      apr_dec: '30000.00',
      calendar_year: '40000.00',
      tds_jan_mar: '3000.00',
      tds_apr_dec: '9000.00',
      tds_calendar_year: '12000.00',
    },
  ],
  deliverables: [
    { kind: 'fbar', reason: "The accounts' maximum values add up to $10,013, more than $10,000." },
  ],
  rates: [{ currency: 'INR', units_per_usd: '90', source: 'Treasury Reporting Rates of Exchange' }],
};

const ORGANIZER: OrganizerAnswer = {
  http_code: 200,
  status_smessage: 'Success',
  organizer: {
    tax_year: 2025,
    state: 'in_progress',
    definition: builtInOrganizer(2025),
    answers: {
      married: true,
      moved: false,
      coverage: 'employer',
      filing_status: 'mfj',
      visa: 'h1b',
      days_us: 300,
      has_accounts: true,
      accounts: [
        {
          row_id: 'a1',
          bank: 'State Bank of India',
          country: 'IN',
          type: 'nro',
          joint: true,
          joint_holder: 'Ramesh Rao',
          max_value: { amount: '900000', currency: 'INR' },
          year_end_value: { amount: '450000', currency: 'INR' },
        },
      ],
      pan: '••••••234F',
    },
    progress: { done: 3, total: 6 },
    last_year: { visa: 'h1b', has_accounts: false },
    presence: FINDINGS.presence,
    sent_at: null,
    updated_at: '2026-03-02T10:00:00.000Z',
  },
  changed: ['married', 'has_accounts', 'accounts'],
  findings: FINDINGS,
  requested_at: '2026-02-20T15:30:00.000Z',
};

const bodiesOf = (call: unknown) => api.mock.calls.filter(([c]) => c === call).map(([, body]) => body);

/** Answers the organizer calls; `organizer` overrides the file's answer. */
function answerCalls(organizer: OrganizerAnswer = ORGANIZER) {
  api.mockReset();
  api.mockImplementation(async (call: { path: string }) => {
    if (call.path === CALLS.staffOrganizerGet.path) return organizer;
    if (call.path === CALLS.staffOrganizerSend.path)
      return { http_code: 200, status_smessage: MESSAGES.ORGANIZER_REQUESTED };
    throw new Error(`unexpected call ${call.path}`);
  });
}

beforeEach(() => answerCalls());

const renderSection = () =>
  renderWithProviders(<OrganizerSection clientId={CLIENT} clientName="Asha Rao" taxYear={2025} />, {
    route: `/staff/clients/${CLIENT}/organizer`,
  });

describe('OrganizerSection', () => {
  it('shows "FBAR required" with the aggregate in US dollars, and the PFIC funds with their count', async () => {
    const { container } = renderSection();
    const fbar = await screen.findByRole('region', { name: 'FBAR required' });
    expect(within(fbar).getByText('$10,013')).toBeVisible();
    expect(within(fbar).getByText(FINDINGS.fbar.reason)).toBeVisible();

    const pfic = screen.getByRole('region', { name: 'PFIC funds (one Form 8621 each)' });
    expect(within(pfic).getByText('2 funds: 2 Forms 8621.')).toBeVisible();
    const funds = within(pfic).getByRole('table', { name: 'PFIC funds' });
    expect(
      within(funds)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      'SBI Mutual Fund1234567SBI Bluechip FundINR 1,20,000.00$1,334',
      'HDFC Mutual Fund7654321HDFC Flexi Cap FundINR 78,000.00$867',
    ]);

    expect(screen.getByRole('region', { name: 'Form 8938 not likely' })).toHaveTextContent(
      'At any time$12,213$150,000',
    );
    expect(screen.getByRole('region', { name: 'Substantial Presence Test' })).toHaveTextContent(
      'Meets the test (340 weighted days): files as a resident.',
    );
    expect(screen.getByRole('region', { name: 'Year-end rates used' })).toHaveTextContent(
      'INR: 90 per US dollar (Treasury Reporting Rates of Exchange)',
    );
    const suggested = screen.getByRole('region', { name: 'Suggested deliverables' });
    expect(suggested).toHaveTextContent(`FBAR (FinCEN 114): ${FINDINGS.deliverables[0]?.reason ?? ''}`);
    expect(
      within(suggested).getByRole('link', { name: 'Add them under Deliverables on the Overview' }),
    ).toHaveAttribute('href', `/staff/clients/${CLIENT}`);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('shows where the client is and when staff last asked', async () => {
    renderSection();
    expect(await screen.findByText('In progress: 3 of 6 sections done')).toBeVisible();
    expect(screen.getByText(/^Last asked on 02-20-2026/)).toBeVisible();
  });

  it('marks each answer changed from last year with a "Changed from last year" badge in the summary', async () => {
    renderSection();
    const summary = await screen.findByRole('region', { name: "Preparer's summary" });
    const row = (question: RegExp) => within(summary).getByRole('row', { name: question });
    const married = row(/^Did you get married in 2025\?/);
    expect(within(married).getByRole('rowheader')).toHaveTextContent(
      'Did you get married in 2025?Changed from last year',
    );
    expect(within(married).getByRole('cell')).toHaveTextContent('Yes');
    // An answer that did not change carries no badge; a choice reads by its label.
    const visa = row(/^Your status in the US at the end of 2025/);
    expect(within(visa).queryByText('Changed from last year')).toBeNull();
    expect(within(visa).getByRole('cell')).toHaveTextContent('H-1B');
    // A changed answer shows last year's beside it; a group reads as a small table, money in its own grouping.
    expect(within(row(/^Did you hold or sign on any bank/)).getByRole('cell')).toHaveTextContent(
      'YesLast year: No',
    );
    const accounts = within(summary).getByRole('table', { name: 'Each account outside the US' });
    expect(within(accounts).getByRole('row', { name: /State Bank of India/ })).toHaveTextContent(
      'State Bank of IndiaIndiaNRO savingsYesRamesh RaoINR 9,00,000.00INR 4,50,000.00',
    );
    expect(within(summary).getByText('••••••234F')).toBeVisible();
    expect(within(summary).getByText('3 answers changed from last year (marked).')).toBeVisible();
    expect(within(summary).getAllByText('Changed from last year')).toHaveLength(3);
  });

  it('prints the summary with window.print', async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Print summary' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('sends the organizer to the client and shows the answer', async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Send organizer' }));
    expect(await screen.findByText(MESSAGES.ORGANIZER_REQUESTED)).toBeVisible();
    expect(bodiesOf(CALLS.staffOrganizerSend)).toEqual([{ client_id: CLIENT, taxy: 2025 }]);
  });

  it('shows why sending is refused (asked in the last 10 minutes)', async () => {
    const user = userEvent.setup();
    renderSection();
    api.mockImplementation(async (call: { path: string }) => {
      if (call.path === CALLS.staffOrganizerSend.path)
        throw new ApiError(MESSAGES.ORGANIZER_REQUESTED_RECENTLY, { status: 422, code: 'UNPROCESSABLE' });
      return ORGANIZER;
    });
    await user.click(await screen.findByRole('button', { name: 'Send organizer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.ORGANIZER_REQUESTED_RECENTLY);
  });

  it('offers no sending once the client has sent the organizer', async () => {
    answerCalls({
      ...ORGANIZER,
      organizer: { ...ORGANIZER.organizer, state: 'sent', sent_at: '2026-03-05T12:00:00.000Z' },
    });
    renderSection();
    expect(await screen.findByText('Sent on 03-05-2026')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send organizer' })).toBeDisabled();
  });
});

// Longer than the web tests' 20 s (vitest.config.ts): each test types through the whole editor.
describe('OrganizerSection: staff edit the answers with a reason', { timeout: 30_000 }, () => {
  const EDITOR = 'Change the client’s answers';
  const REASON = 'Client phoned: not married after all';

  /** Answers the organizer as the file's, and staff/organizer/save with `save`. */
  function answerSave(save: () => unknown) {
    api.mockImplementation(async (call: { path: string }) => {
      if (call.path === CALLS.staffOrganizerGet.path) return ORGANIZER;
      if (call.path === CALLS.staffOrganizerSave.path) return save();
      throw new Error(`unexpected call ${call.path}`);
    });
  }

  /** The Organizer tab with the editor opened by "Edit answers": answers the editor (a form). */
  async function openEditor(user: ReturnType<typeof userEvent.setup>) {
    renderWithProviders(<OrganizerSection clientId={CLIENT} clientName="Asha Rao" taxYear={2025} />, {
      route: `/staff/clients/${CLIENT}/organizer`,
      env: 'test',
    });
    await user.click(await screen.findByRole('button', { name: 'Edit answers' }));
    return screen.getByRole('form', { name: EDITOR });
  }

  const section = (editor: HTMLElement, name: string) => within(editor).getByRole('group', { name });
  const question = (scope: HTMLElement, name: string) => within(scope).getByRole('radiogroup', { name });

  it('saves a changed yes/no answer with the reason, then shows the answer and reads the organizer again', async () => {
    const user = userEvent.setup();
    answerSave(() => ({ http_code: 200, status_smessage: MESSAGES.ORGANIZER_STAFF_SAVED }));
    const editor = await openEditor(user);
    const changes = section(editor, 'What changed this year');
    expect(
      within(question(changes, 'Did you get married in 2025?')).getByRole('radio', { name: 'Yes' }),
    ).toBeChecked();

    // A question shows as the answer it depends on changes, as on the client's page.
    expect(within(changes).queryByLabelText('When did you move?')).toBeNull();
    await user.click(
      within(question(changes, 'Did you move to another home in 2025?')).getByRole('radio', { name: 'Yes' }),
    );
    expect(within(changes).getByLabelText('When did you move?')).toHaveAttribute('type', 'date');
    await user.click(
      within(question(changes, 'Did you move to another home in 2025?')).getByRole('radio', { name: 'No' }),
    );
    expect(within(changes).queryByLabelText('When did you move?')).toBeNull();

    await user.click(
      within(question(changes, 'Did you get married in 2025?')).getByRole('radio', { name: 'No' }),
    );
    const reason = within(editor).getByRole('textbox', { name: 'Reason for the change' });
    expect(reason).toHaveAccessibleDescription('Kept in the audit log with your name.');
    await user.type(reason, REASON);
    const reads = bodiesOf(CALLS.staffOrganizerGet).length;
    await user.click(within(editor).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(MESSAGES.ORGANIZER_STAFF_SAVED)).toBeVisible();
    expect(bodiesOf(CALLS.staffOrganizerSave)).toEqual([
      {
        client_id: CLIENT,
        taxy: 2025,
        // Every answer as it was (the PAN masked: the server keeps the real one), married now No.
        answers: { ...ORGANIZER.organizer.answers, married: false },
        reason: REASON,
      },
    ]);
    expect(screen.queryByRole('form', { name: EDITOR })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit answers' })).toHaveFocus();
    // The organizer reads again, so the findings and the summary follow the new answers.
    expect(bodiesOf(CALLS.staffOrganizerGet).length).toBeGreaterThan(reads);
  });

  it('shows the server’s message by the reason when it is left blank', async () => {
    const user = userEvent.setup();
    answerSave(() => {
      throw fieldRefusal(
        { reason: MESSAGES.ORGANIZER_REASON_REQUIRED },
        { message: MESSAGES.ORGANIZER_REASON_REQUIRED, status: 400, code: 'VALIDATION_FAILED' },
      );
    });
    const editor = await openEditor(user);
    await user.click(within(editor).getByRole('button', { name: 'Save changes' }));

    const reason = within(editor).getByRole('textbox', { name: 'Reason for the change' });
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.ORGANIZER_REASON_REQUIRED));
    expect(reason).toHaveFocus();
    expect(bodiesOf(CALLS.staffOrganizerSave)).toEqual([expect.objectContaining({ reason: '' })]);
    // Still open: nothing was saved.
    expect(screen.getByRole('form', { name: EDITOR })).toBeVisible();

    // Typing a reason settles its problem.
    await user.type(reason, 'P');
    expect(reason).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows each problem the server finds with the answers by its question', async () => {
    const user = userEvent.setup();
    answerSave(() => {
      throw fieldRefusal(
        { 'accounts.0.bank': MESSAGES.ORGANIZER_TEXT_INVALID },
        { message: MESSAGES.ORGANIZER_ANSWERS_INVALID, status: 422, code: 'UNPROCESSABLE' },
      );
    });
    const editor = await openEditor(user);
    const account = section(editor, 'Account 1');
    const bank = within(account).getByRole('textbox', { name: 'Bank or institution' });
    await user.clear(bank);
    await user.type(within(editor).getByRole('textbox', { name: 'Reason for the change' }), REASON);
    await user.click(within(editor).getByRole('button', { name: 'Save changes' }));

    expect(await within(editor).findByRole('alert')).toHaveTextContent(MESSAGES.ORGANIZER_ANSWERS_INVALID);
    expect(bank).toHaveAttribute('aria-invalid', 'true');
    expect(bank).toHaveAccessibleDescription(MESSAGES.ORGANIZER_TEXT_INVALID);
    expect(bank).toHaveFocus();
    const [sent] = bodiesOf(CALLS.staffOrganizerSave) as {
      answers: { accounts: Record<string, unknown>[] };
    }[];
    expect(sent?.answers.accounts[0]).not.toHaveProperty('bank');
  });

  it('leaves the answers as they were on Cancel', async () => {
    const user = userEvent.setup();
    answerSave(() => ({ http_code: 200, status_smessage: MESSAGES.ORGANIZER_STAFF_SAVED }));
    const editor = await openEditor(user);
    await user.click(within(editor).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: EDITOR })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit answers' })).toHaveFocus();
    expect(bodiesOf(CALLS.staffOrganizerSave)).toEqual([]);
  });

  it('has no axe violations with the editor open, each section a fieldset named by its title', async () => {
    const user = userEvent.setup();
    answerSave(() => {
      throw fieldRefusal(
        { reason: MESSAGES.ORGANIZER_REASON_REQUIRED },
        { message: MESSAGES.ORGANIZER_REASON_REQUIRED, status: 400, code: 'VALIDATION_FAILED' },
      );
    });
    const editor = await openEditor(user);
    for (const { title } of ORGANIZER.organizer.definition.sections) {
      expect(section(editor, title)).toBeVisible();
    }
    await user.click(within(editor).getByRole('button', { name: 'Save changes' }));
    await within(editor).findByRole('alert');
    expect(await axeViolations(editor)).toEqual([]);
  });
});

describe('OrganizerSection worksheets', () => {
  let fetchSpy: MockInstance<typeof fetch>;
  beforeEach(() => {
    fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response('a,b\n', { status: 200 }));
    URL.createObjectURL = vi.fn(() => 'blob:worksheet');
    URL.revokeObjectURL = vi.fn();
    // jsdom does not download: the link's click is only recorded.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => {
    // jsdom has neither; leave nothing behind for other files.
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('posts each worksheet to its path with the file, the year and the format', async () => {
    const user = userEvent.setup();
    renderSection();
    for (const name of [
      'FBAR worksheet (CSV)',
      'FBAR worksheet (PDF)',
      'PFIC worksheet (CSV)',
      'PFIC worksheet (PDF)',
    ]) {
      await user.click(await screen.findByRole('button', { name }));
    }
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(4));
    expect(
      fetchSpy.mock.calls.map(([path, init]) => [path, JSON.parse(String(init?.body)) as unknown]),
    ).toEqual([
      [WORKSHEET_PATHS.fbar, { client_id: CLIENT, taxy: 2025, format: 'csv' }],
      [WORKSHEET_PATHS.fbar, { client_id: CLIENT, taxy: 2025, format: 'pdf' }],
      [WORKSHEET_PATHS.pfic, { client_id: CLIENT, taxy: 2025, format: 'csv' }],
      [WORKSHEET_PATHS.pfic, { client_id: CLIENT, taxy: 2025, format: 'pdf' }],
    ]);
    expect(fetchSpy.mock.calls.every(([, init]) => init?.method === 'POST')).toBe(true);
  });

  it('shows a refused worksheet beside its buttons', async () => {
    const user = userEvent.setup();
    fetchSpy.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            http_code: 429,
            status_smessage: 'Too many requests: try again later.',
            code: 'TOO_MANY_REQUESTS',
          }),
          { status: 429, headers: { 'content-type': 'application/json' } },
        ),
    );
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'PFIC worksheet (PDF)' }));
    const pfic = screen.getByRole('region', { name: 'PFIC funds (one Form 8621 each)' });
    expect(await within(pfic).findByRole('alert')).toHaveTextContent('Too many requests: try again later.');
  });
});
