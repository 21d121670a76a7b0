import {
  builtInOrganizer,
  CALLS,
  MESSAGES,
  type Answers,
  type CallDefinition,
  type CallResponse,
  type Organizer,
} from '@taxfirm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { api } from '../../../testing/api-mock.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { OrganizerPage } from './organizer-page.tsx';

type OrganizerAnswer = CallResponse<typeof CALLS.accountOrganizerGet>;

const YEAR = 2025;
const DEFINITION = builtInOrganizer(YEAR);

/** "What changed this year", every question answered No. */
const NO_CHANGES: Answers = Object.fromEntries(
  ['married', 'divorced', 'baby', 'moved', 'new_job', 'home_bought', 'home_sold', 'business_started'].map(
    (id) => [id, false],
  ),
);
/** Every section complete (the PAN kept on the server, so masked). */
const COMPLETE: Answers = {
  ...NO_CHANGES,
  interest: false,
  stock_sold: false,
  k1: false,
  retirement: false,
  mortgage: false,
  tuition: false,
  childcare: false,
  charity: false,
  hsa: false,
  coverage: 'employer',
  filing_status: 'single',
  visa: 'citizen',
  lived_abroad: false,
  has_accounts: true,
  accounts: [
    {
      row_id: 'a1',
      bank: 'HDFC Bank',
      country: 'IN',
      type: 'nre',
      joint: false,
      max_value: { amount: '900000', currency: 'INR' },
      year_end_value: { amount: '850000', currency: 'INR' },
    },
  ],
  has_funds: false,
  has_property: false,
  has_india_income: false,
  india_return: false,
  pan: '••••••234F',
};

function organizerOf(over: Partial<Organizer> = {}): OrganizerAnswer {
  return {
    http_code: 200,
    status_smessage: 'Success',
    organizer: {
      tax_year: YEAR,
      state: 'not_started',
      definition: DEFINITION,
      answers: {},
      progress: { done: 0, total: 6 },
      last_year: null,
      presence: { applies: false, weighted_days: 0, meets: false, explanation: '' },
      sent_at: null,
      updated_at: null,
      ...over,
    },
  };
}

const SAVED = {
  http_code: 200,
  status_smessage: MESSAGES.ORGANIZER_SAVED,
  state: 'in_progress',
  progress: { done: 1, total: 6 },
  presence: { applies: false, weighted_days: 0, meets: false, explanation: '' },
};

/** Answers the organizer's calls: `get` with `organizer`, the others with `answers[call.path]` (or a throw). */
function answerCalls(organizer: () => OrganizerAnswer, answers: Record<string, () => unknown> = {}) {
  api.mockImplementation(async (call: CallDefinition) => {
    if (call === CALLS.accountOrganizerGet) return organizer();
    const answer = answers[call.path];
    if (!answer) throw new Error(`Unexpected call ${call.path}`);
    return answer();
  });
}

const callsTo = (call: CallDefinition) =>
  api.mock.calls.filter(([made]) => made === call).map(([, body]) => body as unknown);

const renderPage = () => renderWithProviders(<OrganizerPage />, { route: '/' });

const question = (name: string) => screen.getByRole('radiogroup', { name });

beforeEach(() => {
  api.mockReset();
});

// The long sections draw slowly in jsdom, a key at a time.
describe('OrganizerPage', () => {
  it('shows a question only once the answer that calls for it is given', async () => {
    answerCalls(() => organizerOf());
    const user = userEvent.setup();
    const { container } = renderPage();
    expect(await screen.findByRole('heading', { name: 'What changed this year' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Your progress through the organizer' })).toHaveAttribute(
      'aria-valuetext',
      'Section 1 of 6',
    );
    expect(screen.queryByLabelText('When did you move?')).toBeNull();
    await user.click(
      within(question(`Did you move to another home in ${YEAR}?`)).getByRole('radio', { name: 'Yes' }),
    );
    expect(screen.getByLabelText('When did you move?')).toHaveAttribute('type', 'date');
    await user.click(
      within(question(`Did you move to another home in ${YEAR}?`)).getByRole('radio', { name: 'No' }),
    );
    expect(screen.queryByLabelText('When did you move?')).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('ties each question’s help to it', async () => {
    answerCalls(() => organizerOf({ state: 'in_progress', answers: NO_CHANGES }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Income' })).toBeInTheDocument();
    expect(question('Did you earn interest from a US bank?')).toHaveAccessibleDescription(
      'The bank sends a 1099-INT when the interest was $10 or more.',
    );
  });

  it('saves only the draft answers on Next, says so, and moves on', async () => {
    answerCalls(() => organizerOf(), { [CALLS.accountOrganizerSave.path]: () => SAVED });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'What changed this year' });
    await user.click(within(question(`Did you get married in ${YEAR}?`)).getByRole('radio', { name: 'No' }));
    await user.click(
      within(question(`Did you move to another home in ${YEAR}?`)).getByRole('radio', { name: 'Yes' }),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Income' })).toBeInTheDocument();
    // The new section takes the focus, so the keyboard starts there.
    expect(screen.getByRole('region', { name: 'Income' })).toHaveFocus();
    expect(callsTo(CALLS.accountOrganizerSave)).toEqual([{ answers: { married: false, moved: true } }]);
    expect(screen.getByText(MESSAGES.ORGANIZER_SAVED)).toBeInTheDocument();
    expect(screen.getByText(`Tax year ${YEAR} · Section 2 of 6`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'What changed this year' })).toBeInTheDocument();
    expect(
      within(question(`Did you get married in ${YEAR}?`)).getByRole('radio', { name: 'No' }),
    ).toBeChecked();
  });

  it('resumes at the first section not complete, and shows a problem the server names on its field', async () => {
    const message = 'Must be at most 100 characters';
    answerCalls(
      () =>
        organizerOf({
          state: 'in_progress',
          answers: { ...NO_CHANGES, jobs: [{ row_id: 'j1', employer: 'Acme Corp' }] },
        }),
      {
        [CALLS.accountOrganizerSave.path]: () => {
          throw new ApiError(message, {
            status: 422,
            code: 'UNPROCESSABLE',
            details: { 'jobs.0.employer': message },
          });
        },
      },
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Income' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const employer = within(screen.getByRole('group', { name: 'Employer 1' })).getByRole('textbox', {
      name: 'Employer',
    });
    await waitFor(() => expect(employer).toHaveAccessibleDescription(message));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    // Still on the section, and the problem goes once the answer changes.
    expect(screen.getByRole('heading', { name: 'Income' })).toBeInTheDocument();
    await user.type(employer, ' Inc');
    expect(employer).not.toHaveAccessibleDescription(message);
  });

  it('adds and removes rows of a group, the new row’s first field focused', async () => {
    answerCalls(() => organizerOf({ state: 'in_progress', answers: NO_CHANGES }), {
      [CALLS.accountOrganizerSave.path]: () => SAVED,
    });
    const user = userEvent.setup();
    const { container } = renderPage();
    await screen.findByRole('heading', { name: 'Income' });
    await user.click(screen.getByRole('button', { name: 'Add employer' }));
    const first = within(screen.getByRole('group', { name: 'Employer 1' })).getByRole('textbox', {
      name: 'Employer',
    });
    expect(first).toHaveFocus();
    await user.type(first, 'Acme Corp');
    await user.click(screen.getByRole('button', { name: 'Add employer' }));
    await user.type(
      within(screen.getByRole('group', { name: 'Employer 2' })).getByRole('textbox', { name: 'Employer' }),
      'Globex',
    );
    expect(await axeViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove employer 1' }));
    expect(screen.queryByRole('group', { name: 'Employer 2' })).toBeNull();
    expect(
      within(screen.getByRole('group', { name: 'Employer 1' })).getByRole('textbox', { name: 'Employer' }),
    ).toHaveValue('Globex');
    expect(screen.getByRole('button', { name: 'Add employer' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Deductions and credits' });
    expect(callsTo(CALLS.accountOrganizerSave)).toEqual([
      { answers: { ...NO_CHANGES, jobs: [{ row_id: expect.any(String), employer: 'Globex' }] } },
    ]);
  });

  it('offers last year’s answers, and "Yes, same as last year" copies them into the draft', async () => {
    answerCalls(() =>
      organizerOf({
        state: 'in_progress',
        answers: NO_CHANGES,
        last_year: {
          jobs: [
            { row_id: 'j1', employer: 'Acme Corp', state: 'CA' },
            { row_id: 'j2', employer: 'Globex' },
          ],
          visa: 'h1b',
        },
      }),
    );
    const user = userEvent.setup();
    const { container } = renderPage();
    const panel = await screen.findByRole('region', { name: 'Same as last year?' });
    expect(within(panel).getByText('Last year you told us:')).toBeInTheDocument();
    expect(within(panel).getByText('Acme Corp, CA')).toBeInTheDocument();
    expect(within(panel).getByText('Globex')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Employer 1' })).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
    await user.click(within(panel).getByRole('button', { name: 'Yes, same as last year' }));
    expect(screen.queryByRole('region', { name: 'Same as last year?' })).toBeNull();
    const first = within(screen.getByRole('group', { name: 'Employer 1' }));
    expect(first.getByRole('textbox', { name: 'Employer' })).toHaveValue('Acme Corp');
    expect(first.getByRole('textbox', { name: 'State you worked in' })).toHaveValue('CA');
    expect(
      within(screen.getByRole('group', { name: 'Employer 2' })).getByRole('textbox', { name: 'Employer' }),
    ).toHaveValue('Globex');
  });

  it('"No, I’ll answer" puts the offer away and copies nothing', async () => {
    answerCalls(() =>
      organizerOf({
        state: 'in_progress',
        answers: NO_CHANGES,
        last_year: { jobs: [{ row_id: 'j1', employer: 'Acme Corp' }] },
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Same as last year?' });
    await user.click(within(panel).getByRole('button', { name: 'No, I’ll answer' }));
    expect(screen.queryByRole('region', { name: 'Same as last year?' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Employer 1' })).toBeNull();
  });

  it('takes amounts as people write them, in rupees on the foreign section, and keeps a PAN it holds', async () => {
    const foreignIds = [
      'has_accounts',
      'accounts',
      'has_funds',
      'has_property',
      'has_india_income',
      'india_return',
    ];
    const before = Object.fromEntries(Object.entries(COMPLETE).filter(([id]) => !foreignIds.includes(id)));
    answerCalls(() => organizerOf({ state: 'in_progress', answers: before }), {
      [CALLS.accountOrganizerSave.path]: () => SAVED,
    });
    const user = userEvent.setup();
    /** Typed at once (a paste): the section is long, and jsdom slow to draw it a key at a time. */
    const typeInto = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    const { container } = renderPage();
    expect(await screen.findByRole('heading', { name: 'India and other countries' })).toBeInTheDocument();
    const pan = screen.getByRole('textbox', { name: 'Your PAN' });
    expect(pan).toHaveValue('');
    expect(pan).toHaveAttribute('placeholder', '••••••234F');
    expect(pan).toHaveAccessibleDescription(expect.stringContaining('leave this blank to keep it'));
    await user.click(
      within(
        question('Did you hold or sign on any bank, deposit or investment account outside the US?'),
      ).getByRole('radio', { name: 'Yes' }),
    );
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    const account = within(screen.getByRole('group', { name: 'Account 1' }));
    await typeInto(account.getByRole('textbox', { name: 'Bank or institution' }), 'HDFC Bank');
    const highest = account.getByRole('textbox', { name: `Highest balance at any time in ${YEAR}` });
    await typeInto(highest, '9,00,000');
    expect(
      account.getByRole('combobox', { name: `Highest balance at any time in ${YEAR}: currency` }),
    ).toHaveValue('INR');
    await user.selectOptions(
      account.getByRole('combobox', { name: `Balance on 31 December ${YEAR}: currency` }),
      'USD',
    );
    await typeInto(account.getByRole('textbox', { name: `Balance on 31 December ${YEAR}` }), '1250.50');
    expect(await axeViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Check your answers' });
    const [body] = callsTo(CALLS.accountOrganizerSave) as [{ answers: Answers }];
    expect(body.answers.pan).toBe('••••••234F');
    expect(body.answers.accounts).toEqual([
      {
        row_id: expect.any(String),
        bank: 'HDFC Bank',
        max_value: { amount: '9,00,000', currency: 'INR' },
        year_end_value: { amount: '1250.50', currency: 'USD' },
      },
    ]);
  });

  it('sends a PAN typed anew in capitals', async () => {
    const { has_funds: _notAnswered, ...answers } = COMPLETE;
    answerCalls(() => organizerOf({ state: 'in_progress', answers }), {
      [CALLS.accountOrganizerSave.path]: () => SAVED,
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'Your PAN' }), 'abcde1234f');
    expect(screen.getByRole('textbox', { name: 'Your PAN' })).toHaveValue('ABCDE1234F');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Check your answers' });
    expect(screen.getByRole('region', { name: 'India and other countries' })).toHaveTextContent('••••••234F');
    const [body] = callsTo(CALLS.accountOrganizerSave) as [{ answers: Answers }];
    expect(body.answers.pan).toBe('ABCDE1234F');
  });

  it('explains the Substantial Presence Test from the days given', async () => {
    answerCalls(() => organizerOf({ state: 'in_progress', answers: { ...COMPLETE, visa: 'h1b' } }));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Where you lived' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: `Days you were in the US in ${YEAR}` }), '200');
    expect(
      screen.getByText(/= 200 days: at least 183, so you meet the Substantial Presence Test/),
    ).toBeVisible();
  });

  it('reviews every answer in words, and sends them', async () => {
    let state: Organizer['state'] = 'in_progress';
    answerCalls(
      () =>
        organizerOf({
          state,
          answers: COMPLETE,
          ...(state === 'sent' ? { sent_at: '2026-02-10T15:00:00.000Z' } : {}),
        }),
      {
        [CALLS.accountOrganizerSubmit.path]: () => {
          state = 'sent';
          return { http_code: 200, status_smessage: MESSAGES.ORGANIZER_SENT, items_added: 3 };
        },
      },
    );
    const user = userEvent.setup();
    const { container } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Check your answers' })).toBeInTheDocument();
    const foreign = screen.getByRole('region', { name: 'India and other countries' });
    expect(within(foreign).getByText('Your PAN')).toBeInTheDocument();
    expect(within(foreign).getByText('••••••234F')).toBeInTheDocument();
    expect(
      within(foreign).getByText(/Bank or institution: HDFC Bank; Country: India; Account type: NRE savings/),
    ).toBeInTheDocument();
    expect(within(foreign).getByText(/Highest balance at any time in 2025: INR 900000/)).toBeInTheDocument();
    const health = screen.getByRole('region', { name: 'Health coverage' });
    expect(within(health).getByText('Through an employer')).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Send to my preparer' }));
    expect(
      await screen.findByText('We added 3 documents to your checklist.', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.ORGANIZER_SENT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your checklist' })).toHaveAttribute(
      'href',
      '/user/checklist',
    );
    expect(callsTo(CALLS.accountOrganizerSubmit)).toEqual([{ answers: COMPLETE }]);
    expect(await screen.findByText('Sent on 02-10-2026')).toBeInTheDocument();
  });

  it('goes back to an answer to edit it from the review', async () => {
    answerCalls(() => organizerOf({ state: 'in_progress', answers: COMPLETE }));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Check your answers' });
    await user.click(screen.getByRole('button', { name: 'Edit Health coverage' }));
    expect(await screen.findByRole('heading', { name: 'Health coverage' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Through an employer' })).toBeChecked();
  });

  it('when sending is refused, shows why on the first section with a problem', async () => {
    answerCalls(() => organizerOf({ state: 'in_progress', answers: COMPLETE }), {
      [CALLS.accountOrganizerSubmit.path]: () => {
        throw new ApiError(MESSAGES.ORGANIZER_ANSWERS_INVALID, {
          status: 422,
          code: 'UNPROCESSABLE',
          details: { coverage: MESSAGES.ORGANIZER_REQUIRED, 'accounts.0.bank': MESSAGES.ORGANIZER_REQUIRED },
        });
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Send to my preparer' }));
    const section = await screen.findByRole('region', { name: 'Health coverage' });
    await waitFor(() => expect(section).toHaveFocus());
    expect(within(section).getByRole('alert')).toHaveTextContent(MESSAGES.ORGANIZER_ANSWERS_INVALID);
    expect(question(`How were you covered in ${YEAR}?`)).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.ORGANIZER_REQUIRED),
    );
  });

  it('shows a sent organizer read-only, with when it went and how to change it', async () => {
    answerCalls(() => organizerOf({ state: 'sent', answers: COMPLETE, sent_at: '2026-02-10T15:00:00.000Z' }));
    const { container } = renderPage();
    expect(await screen.findByText('Sent on 02-10-2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'message your preparer' })).toHaveAttribute(
      'href',
      '/user/messages',
    );
    expect(screen.getByText('HDFC Bank', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });
});
