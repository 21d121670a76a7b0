import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CALLS, MESSAGES, type BulkJob } from '@taxfirm/contract';
import { useState } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QueueSelection } from '../../../lib/queue-selection.ts';
import { api } from '../../../testing/api-mock.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { BulkActions } from './bulk-actions.tsx';
import { BulkProgress } from './bulk-progress.tsx';

const MEERA = '1a1a1a1a-1111-4111-8111-111111111111';
const DEV = '2b2b2b2b-2222-4222-8222-222222222222';
const ADMIN = { user_id: '3c3c3c3c-3333-4333-8333-333333333333', role: 'admin' as const };
const JOB = '4d4d4d4d-4444-4444-8444-444444444444';
const REPLY = '5e5e5e5e-5555-4555-8555-555555555555';
const FEDERAL = '6f6f6f6f-6666-4666-8666-666666666666';
const FBAR = '7a7a7a7a-7777-4777-8777-777777777777';
const LETTER = '8b8b8b8b-8888-4888-8888-888888888888';

const running: BulkJob = {
  job_id: JOB,
  action: { kind: 'assign', analyst_ids: [MEERA, DEV] },
  summary: 'Assign in turn to Meera Nair, Dev Iyer',
  tax_year: 2025,
  state: 'running',
  total: 3,
  done: 1,
  skipped: 0,
  failed: 0,
  created_at: '2026-11-30T10:00:00.000Z',
  finished_at: null,
  problems: [],
};

let jobs: BulkJob[] = [running];
beforeEach(() => {
  jobs = [running];
  api.mockReset();
  api.mockImplementation(async (call: { path: string }) => {
    if (call.path === CALLS.staffMembers.path) {
      return {
        http_code: 200,
        status_smessage: 'Success',
        staff: [
          { user_id: MEERA, name: 'Meera Nair', role: 'analyst' },
          { user_id: DEV, name: 'Dev Iyer', role: 'analyst' },
        ],
      };
    }
    if (call.path === CALLS.staffBulkStart.path) {
      return { http_code: 200, status_smessage: MESSAGES.BULK_STARTED, job_id: JOB, total: 3 };
    }
    if (call.path === CALLS.staffBulkStatus.path) return { http_code: 200, status_smessage: 'Success', jobs };
    if (call.path === CALLS.staffClientCount.path)
      return { http_code: 200, status_smessage: 'Success', count: 1234 };
    if (call.path === CALLS.staffMessagesCanned.path) {
      return {
        http_code: 200,
        status_smessage: 'Success',
        replies: [{ reply_id: REPLY, title: 'Season opens', body: 'Our season is open: upload when ready.' }],
      };
    }
    if (call.path === CALLS.staffPricelistList.path) {
      return {
        http_code: 200,
        status_smessage: 'Success',
        inr_enabled: false,
        items: [
          { id: FEDERAL, name: 'Federal return', amount: 27500, currency: 'USD', active: true },
          { id: FBAR, name: 'FBAR', amount: 7500, currency: 'USD', active: true },
          { id: REPLY, name: 'Retired item', amount: 100, currency: 'USD', active: false },
        ],
      };
    }
    if (call.path === CALLS.staffSignatureTemplatesList.path) {
      return {
        http_code: 200,
        status_smessage: 'Success',
        templates: [
          {
            template_id: LETTER,
            kind: 'engagement',
            title: 'Engagement letter 2025',
            original_name: 'engagement.pdf',
            size: 2048,
            created_at: '2026-11-30T10:00:00.000Z',
          },
        ],
      };
    }
    if (call.path === CALLS.staffRequestsTemplates.path) {
      return { http_code: 200, status_smessage: 'Success', message: '', templates: [] };
    }
    throw new Error(`unexpected call ${call.path}`);
  });
});

/** The page's address, shown so a test can read where the job is named. */
function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.search}</output>;
}

/** The queue's selection as WorkQueues keeps it: three rows chosen of 40 matching (or of `matching`, `more`). */
function Harness({ matching = 40, more = false }: { matching?: number; more?: boolean }) {
  const [chosen, setChosen] = useState<string[]>(['c1', 'c2', 'c3']);
  const [all, setAll] = useState(false);
  const selection: QueueSelection = {
    taxYear: 2025,
    chosen,
    allMatching: all,
    filter: { status: 'To Be Assigned' },
    sort: undefined,
    columns: undefined,
    matching,
    matchingMore: more,
    setAllMatching: setAll,
    clear: () => {
      setChosen([]);
      setAll(false);
    },
  };
  return (
    <>
      <BulkProgress />
      <BulkActions selection={selection} viewer={ADMIN} />
      <Address />
    </>
  );
}

const renderBulk = (props: { matching?: number; more?: boolean } = {}) =>
  renderWithProviders(
    <Routes>
      <Route path="*" element={<Harness {...props} />} />
    </Routes>,
    { route: '/staff/queues' },
  );

describe('BulkActions', () => {
  it('assigns every file matching in turn to two analysts, after a confirmation that says how many and what clients get', async () => {
    const user = userEvent.setup();
    renderBulk();
    expect(await screen.findByText('3 files selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select all 40 files matching the filter' }));
    expect(screen.getByText('Every file matching the filter: 40 files')).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: 'Meera Nair (analyst)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Dev Iyer (analyst)' }));
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Review and run' }));

    const dialog = await screen.findByRole('dialog', { name: 'Assign: 40 files?' });
    expect(dialog).toHaveTextContent(
      '40 files will be assigned in turn to Meera Nair, Dev Iyer (the first file to Meera Nair, the next to Dev Iyer, and so on). Clients are not e-mailed.',
    );
    expect(api).not.toHaveBeenCalledWith(CALLS.staffBulkStart, expect.anything());
    await user.click(within(dialog).getByRole('button', { name: 'Assign (40 files)' }));

    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(CALLS.staffBulkStart, {
        request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        taxy: 2025,
        action: { kind: 'assign', analyst_ids: [MEERA, DEV] },
        selection: { filter: { status: 'To Be Assigned' }, expected: 40 },
      }),
    );
    // The job is named in the address (a reload follows it) and its progress shows.
    expect(await screen.findByLabelText('address')).toHaveTextContent(`?bulk=${JOB}`);
    expect(
      await screen.findByText(/1 of 3 files handled: 1 done, 0 skipped, 0 failed\./),
    ).toBeInTheDocument();
  });

  it('counts every matching file exactly before confirming, when the list counted only to a thousand', async () => {
    const user = userEvent.setup();
    renderBulk({ matching: 1000, more: true });
    await user.click(
      await screen.findByRole('button', { name: 'Select all 1,000+ files matching the filter' }),
    );
    expect(screen.getByText('Every file matching the filter: 1,000+ files')).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: 'Meera Nair (analyst)' }));
    expect(api).not.toHaveBeenCalledWith(CALLS.staffClientCount, expect.anything());
    await user.click(screen.getByRole('button', { name: 'Review and run' }));

    const dialog = await screen.findByRole('dialog', { name: 'Assign: 1,234 files?' });
    expect(api).toHaveBeenCalledWith(CALLS.staffClientCount, { status: 'To Be Assigned', taxy: 2025 });
    await user.click(within(dialog).getByRole('button', { name: 'Assign (1,234 files)' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(
        CALLS.staffBulkStart,
        expect.objectContaining({ selection: { filter: { status: 'To Be Assigned' }, expected: 1234 } }),
      ),
    );
  });

  it('asks for what is missing instead of starting, and sends the chosen rows for a status change', async () => {
    const user = userEvent.setup();
    renderBulk();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Bulk action' }), 'status');
    await user.click(screen.getByRole('button', { name: 'Review and run' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Choose the new status and write the comment for the files' history.",
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'New status' }), 'Preparation Pending');
    await user.type(
      screen.getByRole('textbox', { name: "Comment for each file's history" }),
      'Documents are in',
    );
    await user.click(screen.getByRole('button', { name: 'Review and run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the status: 3 files?' });
    expect(dialog).toHaveTextContent(
      'Each client is e-mailed once: the usual e-mail for Preparation Pending.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api).not.toHaveBeenCalledWith(CALLS.staffBulkStart, expect.anything());

    await user.click(screen.getByRole('button', { name: 'Review and run' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change the status (3 files)' }),
    );
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(
        CALLS.staffBulkStart,
        expect.objectContaining({
          action: { kind: 'status', status: 'Preparation Pending', comment: 'Documents are in' },
          selection: { client_ids: ['c1', 'c2', 'c3'] },
        }),
      ),
    );
  });
});

describe('BulkActions: a canned message', () => {
  it('shows the words each client will get, in the list and in the confirmation', async () => {
    const user = userEvent.setup();
    renderBulk();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Bulk action' }), 'message');
    await user.click(screen.getByRole('button', { name: 'Review and run' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a canned message.');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Canned message' }), 'Season opens');
    expect(screen.getByText('The message: Our season is open: upload when ready.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review and run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a canned message: 3 files?' });
    expect(dialog).toHaveTextContent('"Our season is open: upload when ready."');
    await user.click(within(dialog).getByRole('button', { name: 'Send a canned message (3 files)' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(
        CALLS.staffBulkStart,
        expect.objectContaining({ action: { kind: 'message', reply_id: REPLY } }),
      ),
    );
  });
});

describe('BulkProgress', () => {
  it('shows a finished job from the address, with each file not done and why', async () => {
    jobs = [
      {
        ...running,
        state: 'finished',
        done: 2,
        skipped: 1,
        finished_at: '2026-11-30T10:00:05.000Z',
        problems: [
          {
            client_id: 'c3',
            name: 'Ravi Kumar',
            file_number: 'TF-000003',
            outcome: 'skipped',
            reason: MESSAGES.CLIENT_OTHER_ANALYST,
          },
        ],
      },
    ];
    renderWithProviders(
      <Routes>
        <Route path="*" element={<BulkProgress />} />
      </Routes>,
      { route: `/staff/queues?bulk=${JOB}` },
    );
    expect(await screen.findByText(`${running.summary}: finished`)).toBeInTheDocument();
    expect(screen.getByText(/3 of 3 files handled: 2 done, 1 skipped, 0 failed\./)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Ravi Kumar/ })).toHaveTextContent(MESSAGES.CLIENT_OTHER_ANALYST);
    expect(api).toHaveBeenCalledWith(CALLS.staffBulkStatus, { job_id: JOB });
    expect(await axeViolations()).toEqual([]);
  });
});

describe('BulkActions: an invoice from the price list', () => {
  it('offers the active items, and says each client gets one invoice for them with its total', async () => {
    const user = userEvent.setup();
    renderBulk();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Bulk action' }), 'invoice');
    await user.click(screen.getByRole('button', { name: 'Review and run' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose the price list items to invoice.');
    await user.click(await screen.findByRole('checkbox', { name: 'Federal return ($275.00)' }));
    await user.click(screen.getByRole('checkbox', { name: 'FBAR ($75.00)' }));
    expect(screen.queryByRole('checkbox', { name: /Retired item/ })).toBeNull();
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Review and run' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Send an invoice from the price list: 3 files?',
    });
    expect(dialog).toHaveTextContent(
      'Each of the 3 files gets an invoice for Federal return, FBAR ($350.00), sent at once: each client is e-mailed once',
    );
    await user.click(
      within(dialog).getByRole('button', { name: 'Send an invoice from the price list (3 files)' }),
    );
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(
        CALLS.staffBulkStart,
        expect.objectContaining({ action: { kind: 'invoice', price_item_ids: [FEDERAL, FBAR] } }),
      ),
    );
  });
});

describe('BulkActions: a kept document to sign', () => {
  it('names the document each taxpayer gets to sign, and sends the kept one', async () => {
    const user = userEvent.setup();
    renderBulk();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Bulk action' }), 'signature');
    await user.click(screen.getByRole('button', { name: 'Review and run' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a kept document to sign');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /^Document to sign/ }),
      'Engagement letter 2025',
    );
    await user.click(screen.getByRole('button', { name: 'Review and run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a document to sign: 3 files?' });
    expect(dialog).toHaveTextContent('Each taxpayer gets "Engagement letter 2025" to sign in their portal');
    await user.click(within(dialog).getByRole('button', { name: 'Send a document to sign (3 files)' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(
        CALLS.staffBulkStart,
        expect.objectContaining({ action: { kind: 'signature', signature_template_id: LETTER } }),
      ),
    );
  });
});
