import { CALLS, MESSAGES } from '@taxfirm/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as ApiClientModule from '../../../lib/api-client.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { stepTitles } from './signing-steps.queries.ts';
import { SpouseSignPage } from './spouse-sign-page.tsx';
import { api } from '../../../testing/api-mock.ts';

// jsdom draws nothing: the drawing pad's library is a stand-in here (its wrapper has its own test).
vi.mock('signature_pad', () => import('./signature-pad.stub.ts'));

const TOKEN = 'spouse-link-token';
const URL_TO_READ = '/api/signatures/spouse/file?t=abc.def';

const view = (over: Record<string, unknown> = {}) => ({
  http_code: 200,
  status_smessage: 'Success',
  firm_name: 'Test Firm',
  signer_name: 'Arjun Rao',
  title: 'Form 8879 2025',
  kind: '8879',
  tax_year: 2025,
  status: 'pending',
  has_return: true,
  opened: false,
  return_opened: false,
  signed_at: null,
  email: 'a•••@example.com',
  locked: false,
  signed_url: null,
  link_ends_at: '2026-12-10T10:00:00.000Z',
  ...over,
});

const bodiesOf = (call: unknown) => api.mock.calls.filter(([c]) => c === call).map(([, body]) => body);

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (call: { path: string }, body: { code?: string }) => {
    if (call.path === CALLS.spouseSignatureGet.path) return view();
    if (call.path === CALLS.spouseSignatureCode.path)
      return {
        http_code: 200,
        status_smessage: MESSAGES.SIGNATURE_CODE_SENT,
        sent_to: 'a•••@example.com',
        expires_in: 600,
      };
    if (call.path === CALLS.spouseSignatureOpen.path) {
      if (body.code !== '123456') {
        throw new ApiClientModule.ApiError(MESSAGES.SIGNATURE_CODE_INVALID, {
          status: 422,
          code: 'UNPROCESSABLE',
          details: { code: MESSAGES.SIGNATURE_CODE_INVALID },
        });
      }
      return { http_code: 200, status_smessage: 'Success', url: URL_TO_READ, expires_in: 300 };
    }
    throw new Error(`unexpected call ${call.path}`);
  });
  vi.spyOn(window, 'open').mockImplementation(() => null);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

function renderPage() {
  return renderWithProviders(<SpouseSignPage token={TOKEN} />);
}

describe('SpouseSignPage', () => {
  it('asks for the e-mailed code first, and opens the document only with it', async () => {
    const { container } = renderPage();
    expect(await stepTitles()).toEqual(["1. Confirm it's you", '2. Read the document', '3. Sign']);
    expect(await axeViolations(container)).toEqual([]);

    // Without a code, nothing is asked of the server.
    await userEvent.click(screen.getByRole('button', { name: 'Open the document' }));
    expect(screen.getByLabelText(/6-digit code from the e-mail/)).toHaveAccessibleDescription(
      MESSAGES.SIGNATURE_CODE_REQUIRED,
    );
    expect(bodiesOf(CALLS.spouseSignatureOpen)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'E-mail me a code' }));
    expect(await screen.findByText(/It went to a•••@example\.com\./)).toBeVisible();
    // A wrong code: the server's words on the code field.
    await userEvent.type(screen.getByLabelText(/6-digit code from the e-mail/), '999999');
    await userEvent.click(screen.getByRole('button', { name: 'Open the document' }));
    expect(await screen.findByLabelText(/6-digit code from the e-mail/)).toHaveAccessibleDescription(
      MESSAGES.SIGNATURE_CODE_INVALID,
    );
    await userEvent.clear(screen.getByLabelText(/6-digit code from the e-mail/));
    await userEvent.type(screen.getByLabelText(/6-digit code from the e-mail/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Open the full return' }));
    expect(bodiesOf(CALLS.spouseSignatureOpen).at(-1)).toEqual({
      token: TOKEN,
      part: 'return',
      code: '123456',
    });
    expect(window.open).toHaveBeenCalledWith(URL_TO_READ, '_blank', 'noopener');
    // One code field only: the sign step uses the same code.
    expect(screen.getAllByLabelText(/6-digit code from the e-mail/)).toHaveLength(1);
  });

  it('shows the lock when too many wrong codes were entered', async () => {
    api.mockImplementation(async (call: { path: string }) => {
      if (call.path === CALLS.spouseSignatureGet.path) return view({ locked: true });
      throw new Error(`unexpected call ${call.path}`);
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.SIGNATURE_LOCKED);
    expect(screen.queryByRole('button', { name: 'Open the document' })).toBeNull();
  });

  it('once signed, offers only the signed PDF and says until when the link works', async () => {
    api.mockImplementation(async (call: { path: string }) => {
      if (call.path === CALLS.spouseSignatureGet.path)
        return view({
          status: 'signed',
          signed_at: '2026-12-01T10:00:00.000Z',
          signed_url: '/api/signatures/spouse/file?t=signed',
          link_ends_at: '2026-12-08T10:00:00.000Z',
        });
      throw new Error(`unexpected call ${call.path}`);
    });
    renderPage();
    expect(await screen.findByRole('link', { name: 'Download signed PDF' })).toHaveAttribute(
      'href',
      '/api/signatures/spouse/file?t=signed',
    );
    expect(screen.getByText(/This link works until/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Open the document' })).toBeNull();
  });
});
