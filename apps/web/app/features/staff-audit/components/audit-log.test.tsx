import { CALLS, type AuditEntry } from '@taxfirm/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../testing/api-mock.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { AuditLog } from './audit-log.tsx';

const ENTRY: AuditEntry = {
  id: '1',
  at: '2026-11-30T10:00:00.000Z',
  actor: null,
  action: 'profile.update',
  client: null,
  subject: null,
  ip: null,
  user_agent: null,
};

/** The log's answer: `recordsFiltered` entries, counted or (approximate) the database's estimate. */
function answerWith(recordsFiltered: number, approximate: boolean) {
  api.mockReset();
  api.mockImplementation(async (call: { path: string }) => {
    if (call.path === CALLS.auditLog.path)
      return {
        http_code: 200,
        status_smessage: 'Success',
        draw: 1,
        recordsTotal: recordsFiltered,
        recordsFiltered,
        approximate,
        data: [ENTRY],
      };
    if (call.path === CALLS.staffTeam.path) return { http_code: 200, status_smessage: 'Success', staff: [] };
    throw new Error(`unexpected call ${call.path}`);
  });
}

describe('AuditLog', () => {
  beforeEach(() => answerWith(12, false));

  it('says "About" before a count that is the database’s estimate', async () => {
    answerWith(2_345_678, true);
    renderWithProviders(<AuditLog />, { route: '/staff/audit' });
    expect(await screen.findByText('About 2,345,678 entries')).toHaveAttribute('role', 'status');
  });

  it('gives an exact count as it is', async () => {
    renderWithProviders(<AuditLog />, { route: '/staff/audit' });
    expect(await screen.findByText('12 entries')).toHaveAttribute('role', 'status');
    expect(screen.queryByText(/About/)).toBeNull();
  });
});
