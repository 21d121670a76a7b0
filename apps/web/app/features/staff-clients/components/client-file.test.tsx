import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffClient } from '@taxfirm/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientFileSlot } from './client-file-slot.ts';
import { ClientFile } from './client-file.tsx';
import { renderWithProviders } from '../../../testing/render.tsx';

const CLIENT = '5b0e8c5e-2a64-4a47-9a39-9c2f2f0e7a11';
const ANALYST = '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const client: StaffClient['client'] = {
  client_id: CLIENT,
  first_name: 'Asha',
  last_name: 'Rao',
  email: 'asha@example.com',
  phone: '4695550100',
  phone_ext: 'US',
  file_number: null,
  verified: true,
};
const envelope = { http_code: 200, status_smessage: 'Success' };

/** The file as the server answers an analyst before (triage) and after taking it (full). */
const TRIAGE: StaffClient = {
  ...envelope,
  access: 'triage',
  client,
  filing: { tax_year: 2025, status: 'To Be Assigned', assigned_to: null },
  history: [],
  notes: [],
  payments: [],
  consents: { offshore_state: 'yes', offshore: null, terms: null },
  signals: null,
  referrals: [],
};
const FULL: StaffClient = {
  ...TRIAGE,
  access: 'full',
  client: { ...client, file_number: 'TF25-0001' },
  filing: { tax_year: 2025, status: 'To Be Assigned', assigned_to: { user_id: ANALYST, name: 'Ravi Shah' } },
  signals: {
    checklist: { accepted: 0, required: 0 },
    unsigned_documents: 0,
    balance_due_cents: 0,
    unread_messages: 0,
    last_client_activity: null,
  },
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let taken: boolean;

beforeEach(() => {
  // jsdom has no FontFaceSet; the full file's autosizing text areas listen on it.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });
  taken = false;
  fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/staff/clients/get') return json(taken ? FULL : TRIAGE);
    if (url === '/api/staff/clients/assign') {
      taken = true;
      return json({ ...envelope, status_smessage: 'The analyst was assigned.' });
    }
    // The working sections, once the file is the analyst's.
    if (taken && url === '/api/staff/clients/profile')
      return json({ ...envelope, tinfo: null, sinfo: null, dinfo: [], empinfo: [] });
    if (taken && url === '/api/staff/clients/documents')
      return json({
        ...envelope,
        tax_year: 2025,
        categories: [],
        zip_url: null,
        zip_name: 'x.zip',
        links_ttl_s: 600,
      });
    if (taken && url === '/api/staff/summaries/list') return json({ ...envelope, summaries: [] });
    if (url === '/api/staff/team/list') return json({ ...envelope, staff: [] });
    throw new Error(`unexpected call ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderFile() {
  return renderWithProviders(<ClientFile clientId={CLIENT} viewer={{ userId: ANALYST, role: 'analyst' }} />, {
    route: '/',
  });
}

const calledUrls = () => fetchMock.mock.calls.map(([url]) => url as string);

describe('ClientFile, F-04: an unassigned To Be Assigned file for an analyst', () => {
  it('F-04: shows the triage view only (name, contact, status, tax year) and asks for nothing it may not read', async () => {
    renderFile();
    const triage = await screen.findByRole('region', { name: 'Waiting to be assigned' });
    const details = within(triage).getByRole('table', { name: 'Client' });
    expect(within(details).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(details).getByText('asha@example.com')).toBeInTheDocument();
    expect(within(details).getByText('To Be Assigned')).toBeInTheDocument();
    expect(within(details).getByText('2025')).toBeInTheDocument();
    expect(within(triage).getByRole('button', { name: 'Take this file' })).toBeInTheDocument();
    // None of the working sections, which the server would refuse.
    for (const name of ['Change status', 'File number', 'Status history']) {
      expect(screen.queryByRole('heading', { name })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: 'Mark e-mail verified' })).toBeNull();
    expect(calledUrls()).toEqual(['/api/staff/clients/get']);
  });

  it('F-04: "Take this file" assigns it to the analyst, and the full file appears', async () => {
    renderFile();
    await userEvent.click(await screen.findByRole('button', { name: 'Take this file' }));
    expect(await screen.findByRole('heading', { name: 'Change status' })).toBeInTheDocument();
    const assigns = fetchMock.mock.calls.filter(([url]) => url === '/api/staff/clients/assign');
    expect(assigns.map(([, init]) => JSON.parse(String((init as RequestInit).body)))).toEqual([
      { client_id: CLIENT, analyst_id: ANALYST },
    ]);
    expect(screen.queryByRole('region', { name: 'Waiting to be assigned' })).toBeNull();
    expect(screen.getByText('This file is assigned to you.')).toBeInTheDocument();
  });

  it('F-04: says why when the take is refused (another analyst took it first)', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/staff/clients/get') return json(TRIAGE);
      if (url === '/api/staff/clients/assign')
        return new Response(
          JSON.stringify({
            http_code: 409,
            status_smessage: 'Another analyst has already taken this file.',
            code: 'CONFLICT',
          }),
          { status: 409, headers: { 'content-type': 'application/json' } },
        );
      throw new Error(`unexpected call ${url}`);
    });
    renderFile();
    await userEvent.click(await screen.findByRole('button', { name: 'Take this file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Another analyst has already taken this file.',
    );
  });
});

describe('ClientFile, the checklist slot (issue 17)', () => {
  it('hands the checklist the tax year, the dependents and the status change that e-mails the client', async () => {
    taken = true;
    const dependent = {
      id: '3f1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      first_name: 'Meera',
      last_name: 'Rao',
      ssn: null,
      occupation: null,
      dob: null,
      visa_type: null,
    };
    const base = fetchMock.getMockImplementation() as (url: string, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === '/api/staff/clients/profile')
        return json({ ...envelope, tinfo: null, sinfo: null, dinfo: [dependent], empinfo: [] });
      if (url === '/api/staff/clients/status')
        return json({ ...envelope, status_smessage: 'The status was changed.' });
      return base(url, init);
    });
    const seen: ClientFileSlot[] = [];
    renderWithProviders(
      <ClientFile
        clientId={CLIENT}
        viewer={{ userId: ANALYST, role: 'analyst' }}
        tab="checklist"
        focusId="item-7"
        panels={{
          checklist: [
            (slot) => {
              seen.push(slot);
              return (
                <section aria-label="Checklist slot">
                  <p>{slot.dependents?.map((d) => d.name).join(', ') ?? 'no dependents yet'}</p>
                  <button type="button" onClick={() => void slot.onMoveStatus('Preparation Pending')}>
                    Move on
                  </button>
                </section>
              );
            },
          ],
        }}
      />,
      { route: '/' },
    );
    const slot = await screen.findByRole('region', { name: 'Checklist slot' });
    expect(await within(slot).findByText('Meera Rao')).toBeInTheDocument();
    // The Checklist tab holds the checklist alone: the documents have a tab of their own.
    expect(screen.queryByRole('region', { name: /^Documents/ })).toBeNull();
    expect(seen.at(-1)).toMatchObject({
      clientId: CLIENT,
      taxYear: 2025,
      clientName: 'Asha Rao',
      focusId: 'item-7',
    });
    await userEvent.click(within(slot).getByRole('button', { name: 'Move on' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .filter(([url]) => url === '/api/staff/clients/status')
          .map(([, init]) => JSON.parse(String((init as RequestInit).body))),
      ).toEqual([
        {
          client_id: CLIENT,
          taxy: 2025,
          status: 'Preparation Pending',
          comment: 'Documents complete: every required checklist item is accepted.',
        },
      ]),
    );
  });
});
