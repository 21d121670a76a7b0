import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffProfile } from '@taxfirm/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ProfileSection } from './profile-section.tsx';

const CLIENT = '5b0e8c5e-2a64-4a47-9a39-9c2f2f0e7a11';
const DEPENDENT = '0b9ac1f4-3c0e-4f43-9d39-5d2b0f1c9e11';

const PROFILE: StaffProfile = {
  http_code: 200,
  status_smessage: 'Success',
  tinfo: {
    first_name: 'Asha',
    last_name: 'Rao',
    ssnitin: '•••-••-6789',
    occupation: 'Engineer',
    dob: '04-15-1988',
    filling_status: 'Married Filing Jointly',
    dependent: '1',
    email: 'asha@example.com',
    phone: '(469)-555-0100',
    phoneext: 'US',
    alterphone: null,
    address: '1 Main St',
    city_name: 'Plano',
    state_name: 'TX',
    country_name: 'US',
    zip: '75024',
    insurence: 'Yes',
    current_emp: null,
    c_location: null,
    time_zone: 'CST',
    referral_name: null,
  },
  sinfo: null,
  dinfo: [
    {
      id: DEPENDENT,
      first_name: 'Dev',
      last_name: 'Rao',
      ssn: '•••-••-6666',
      occupation: 'Son',
      dob: '05-06-2015',
      visa_type: null,
    },
  ],
  empinfo: [],
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url === '/api/staff/clients/profile') return json(PROFILE);
    if (url === '/api/staff/clients/profile/reveal') {
      const { subject } = JSON.parse(String(init.body)) as { subject: string };
      return json({ http_code: 200, status_smessage: 'Success', subject, value: '944-55-6666' });
    }
    throw new Error(`unexpected call ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSection() {
  return renderWithProviders(<ProfileSection clientId={CLIENT} />);
}

describe('ProfileSection', () => {
  it('shows the profile with identity numbers masked to their last four', async () => {
    renderSection();
    const taxpayer = await screen.findByRole('table', { name: 'Taxpayer' });
    expect(within(taxpayer).getByText('•••-••-6789')).toBeInTheDocument();
    expect(within(taxpayer).getByText('1 Main St, Plano, TX, 75024, US')).toBeInTheDocument();
    expect(screen.getByText('•••-••-6666')).toBeInTheDocument();
    expect(screen.getByText('None given.')).toBeInTheDocument();
    expect(screen.getByText('Not given.')).toBeInTheDocument();
  });

  it('reveals one number on request, asking the server for exactly that one, and hides it again', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: "Reveal Dev Rao's SSN/ITIN" }));
    expect(await screen.findByText('944-55-6666')).toBeInTheDocument();
    const reveals = fetchMock.mock.calls.filter(([url]) => url === '/api/staff/clients/profile/reveal');
    expect(reveals.map(([, init]) => JSON.parse(String((init as RequestInit).body)))).toEqual([
      { client_id: CLIENT, subject: `dependents.${DEPENDENT}.ssn` },
    ]);
    // The taxpayer's number stays masked.
    expect(screen.getByText('•••-••-6789')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: "Hide Dev Rao's SSN/ITIN" }));
    expect(screen.queryByText('944-55-6666')).toBeNull();
    expect(screen.getByText('•••-••-6666')).toBeInTheDocument();
  });
});
