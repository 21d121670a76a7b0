import { screen, within } from '@testing-library/react';
import type { StaffClient } from '@taxfirm/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_FILE_TABS, type ClientFileTab } from '../../../config/paths.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { nextStep, type FileSignals } from './at-a-glance.tsx';
import { ClientFile, type ClientFilePanels } from './client-file.tsx';

const CLIENT_ID = '5b0e8c5e-2a64-4a47-9a39-9c2f2f0e7a11';
const VIEWER = { userId: '1a1a1a1a-1111-4111-8111-111111111111', role: 'admin' as const };

const SIGNALS: FileSignals = {
  checklist: { accepted: 2, required: 5 },
  unsigned_documents: 1,
  balance_due_cents: 12_050,
  unread_messages: 0,
  last_client_activity: '2026-03-02T10:00:00.000Z',
};

const FILE: StaffClient = {
  http_code: 200,
  status_smessage: 'Success',
  access: 'full',
  client: {
    client_id: CLIENT_ID,
    first_name: 'Priya',
    last_name: 'Shah',
    email: 'priya@example.com',
    phone: '4695550100',
    phone_ext: 'US',
    file_number: 'TF-2025-0001',
    verified: true,
  },
  filing: {
    tax_year: 2025,
    status: 'Docs Upload Pending',
    assigned_to: { user_id: VIEWER.userId, name: 'Ada Shah' },
  },
  history: [],
  notes: [],
  payments: [],
  consents: { offshore_state: 'yes', offshore: null, terms: null },
  signals: SIGNALS,
  referrals: [],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  // jsdom has no FontFaceSet; the notes' autosizing text area listens on it.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/staff/clients/get'
        ? json(200, FILE)
        : // The tabs' own sections (profile, documents, analysts) are not under test here.
          json(404, { http_code: 404, status_smessage: 'Not here.', code: 'NOT_FOUND' }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Each tab's route-composed section, a named region standing in for another feature's. */
const stub = (name: string) => () => <section aria-label={name}>{name}</section>;
const PANELS: ClientFilePanels = {
  overview: [stub('Deliverables stand-in')],
  checklist: [stub('Checklist stand-in')],
  messages: [stub('Messages stand-in')],
  signatures: [stub('Signatures stand-in')],
  billing: [stub('Invoices stand-in')],
};

function renderFile(tab: ClientFileTab) {
  return renderWithProviders(<ClientFile clientId={CLIENT_ID} viewer={VIEWER} tab={tab} panels={PANELS} />, {
    route: `/staff/clients/${CLIENT_ID}`,
  });
}

/** The headings of the sections on screen, the header's h1 aside. */
const sectionHeadings = () =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const stubs = () =>
  screen
    .queryAllByRole('region')
    .map((region) => region.getAttribute('aria-label'))
    .filter((name) => name?.endsWith('stand-in'));

describe('ClientFile tabs', () => {
  it('links every tab to its own URL, the current one marked, without axe violations', async () => {
    renderFile('billing');
    const nav = await screen.findByRole('navigation', { name: 'Client file' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Overview', `/staff/clients/${CLIENT_ID}`],
      ...CLIENT_FILE_TABS.slice(1).map((tab) => [
        expect.stringMatching(new RegExp(`^${tab}$`, 'i')),
        `/staff/clients/${CLIENT_ID}/${tab}`,
      ]),
    ]);
    expect(within(nav).getByRole('link', { name: 'Billing' })).toHaveAttribute('aria-current', 'page');
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
    expect(await axeViolations(nav)).toEqual([]);
    // The header stays above the tabs, its back link to My work.
    expect(screen.getByRole('heading', { level: 1, name: 'Priya Shah' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← My work' })).toHaveAttribute('href', '/staff');
  });

  it('shows on the Overview the status, the analyst, the composed deliverables and the file at a glance', async () => {
    renderFile('overview');
    const glance = await screen.findByRole('region', { name: 'At a glance' });
    const rows = within(glance).getByRole('table', { name: 'At a glance' });
    expect(within(glance).getByText('Waiting on the client')).toBeInTheDocument();
    expect(within(rows).getByRole('link', { name: '2 of 5 required accepted' })).toHaveAttribute(
      'href',
      `/staff/clients/${CLIENT_ID}/checklist`,
    );
    expect(within(rows).getByRole('link', { name: '1' })).toHaveAttribute(
      'href',
      `/staff/clients/${CLIENT_ID}/signatures`,
    );
    expect(within(rows).getByRole('link', { name: '$120.50' })).toHaveAttribute(
      'href',
      `/staff/clients/${CLIENT_ID}/billing`,
    );
    expect(
      within(rows).getByText('The client has 3 checklist items to send: remind them if it is late.'),
    ).toBeInTheDocument();
    expect(sectionHeadings()).toEqual(['At a glance', 'Change status', 'Analyst']);
    expect(stubs()).toEqual(['Deliverables stand-in']);
  });

  it.each([
    ['checklist', [], ['Checklist stand-in']],
    ['messages', [], ['Messages stand-in']],
    ['signatures', [], ['Signatures stand-in']],
    ['billing', ['Payments', 'Referrals'], ['Invoices stand-in']],
    ['history', ['Status history'], []],
    ['notes', ['Internal notes'], []],
  ] as const)('shows on the %s tab its own sections only', async (tab, headings, composed) => {
    renderFile(tab);
    await screen.findByRole('navigation', { name: 'Client file' });
    expect(screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(headings);
    expect(stubs()).toEqual(composed);
    expect(screen.queryByRole('form', { name: 'Change status' })).toBeNull();
  });

  it('shows the account, file number and consents on the Account tab, and no status form', async () => {
    renderFile('account');
    expect(await screen.findByRole('button', { name: 'Send password-reset link' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'File number' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Change status' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'At a glance' })).toBeNull();
    expect(stubs()).toEqual([]);
  });
});

describe('nextStep', () => {
  const none: FileSignals = {
    checklist: { accepted: 0, required: 0 },
    unsigned_documents: 0,
    balance_due_cents: 0,
    unread_messages: 0,
    last_client_activity: null,
  };
  it('puts an unread message first, then what the client still owes while the file waits on them', () => {
    expect(nextStep('Preparation Pending', { ...none, unread_messages: 2 })).toBe(
      "Reply to the client's 2 unread messages.",
    );
    expect(nextStep('Payment Pending', { ...none, balance_due_cents: 5_000 })).toBe(
      'The client has $50.00 to pay.',
    );
    expect(nextStep('Confirmation Pending', { ...none, unsigned_documents: 1 })).toBe(
      'The client has 1 document to sign.',
    );
    expect(nextStep('Preparation Pending', none)).toBe('Prepare the return.');
    expect(nextStep('To Be Assigned', none, false)).toBe('Assign the file to an analyst.');
    expect(nextStep('E-Filing Complete', { ...none, unread_messages: 1 })).toBe(
      'Nothing left to do: the return is filed.',
    );
  });
});
