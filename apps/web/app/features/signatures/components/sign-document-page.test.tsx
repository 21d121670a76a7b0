import { CALLS, MESSAGES, type SignatureDocument } from '@taxfirm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as ApiClientModule from '../../../lib/api-client.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { signatureDocumentFixture } from './signature-document.fixture.ts';
import { stepTitles } from './signing-steps.queries.ts';
import { SignDocumentPage } from './sign-document-page.tsx';
import { api } from '../../../testing/api-mock.ts';

// jsdom draws nothing: the drawing pad's library is a stand-in here (its wrapper has its own test).
vi.mock('signature_pad', () => import('./signature-pad.stub.ts'));

const DOC = '00000000-0000-4000-8000-0000000000d1';
const URL_TO_READ = '/api/signatures/file?t=abc.def';

const document = signatureDocumentFixture;

const listOf = (doc: SignatureDocument) => ({
  http_code: 200,
  status_smessage: 'Success',
  documents: [doc],
  to_sign: 1,
});

let opened = false;
let stepUpDone = false;
const stepUpRequired = () =>
  new ApiClientModule.ApiError(MESSAGES.STEP_UP_REQUIRED, { status: 403, code: 'STEP_UP_REQUIRED' });

beforeEach(() => {
  opened = false;
  stepUpDone = false;
  api.mockReset();
  api.mockImplementation(async (call: { path: string }) => {
    if (call.path === CALLS.accountSignaturesList.path) {
      const signers = document().signers.map((s) =>
        s.role === 'taxpayer' && opened ? { ...s, opened_at: '2026-11-26T10:10:00.000Z' } : s,
      );
      return listOf(document({ signers }));
    }
    if (call.path === CALLS.accountSignaturesOpen.path) {
      // The server records the opening when it serves the file; here, at once.
      opened = true;
      return { http_code: 200, status_smessage: 'Success', url: URL_TO_READ, expires_in: 300 };
    }
    if (call.path === CALLS.accountStepUp.path) {
      stepUpDone = true;
      return { http_code: 200, status_smessage: MESSAGES.STEP_UP_DONE };
    }
    if (call.path === CALLS.accountSignaturesCode.path) {
      if (!stepUpDone) throw stepUpRequired();
      return {
        http_code: 200,
        status_smessage: MESSAGES.SIGNATURE_CODE_SENT,
        sent_to: 'p•••@example.com',
        expires_in: 600,
      };
    }
    if (call.path === CALLS.accountSignaturesSign.path)
      return {
        http_code: 200,
        status_smessage: MESSAGES.SIGNATURE_SIGNED,
        complete: false,
        signed_url: null,
      };
    throw new Error(`unexpected call ${call.path}`);
  });
  vi.spyOn(window, 'open').mockImplementation(() => null);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

function renderPage() {
  return renderWithProviders(<SignDocumentPage documentId={DOC} />, { route: '/' });
}

const bodiesOf = (call: unknown) => api.mock.calls.filter(([c]) => c === call).map(([, body]) => body);

/** The document opened by both signers; signing it is refused with `refusal`. */
function refuseSigning(refusal: Error) {
  api.mockImplementation(async (call: { path: string }) => {
    if (call.path === CALLS.accountSignaturesList.path) {
      const signers = document().signers.map((s) => ({ ...s, opened_at: '2026-11-26T10:10:00.000Z' }));
      return listOf(document({ signers }));
    }
    if (call.path === CALLS.accountSignaturesSign.path) throw refusal;
    throw new Error(`unexpected call ${call.path}`);
  });
}

/** Types the code, signs typed as Priya Rao, agrees and presses Sign. */
async function signTypedWithCode(code: string) {
  await userEvent.type(await screen.findByLabelText(/6-digit code/), code);
  await userEvent.click(screen.getByRole('tab', { name: 'Type' }));
  await userEvent.type(screen.getByLabelText('Type your full name as your signature'), 'Priya Rao');
  await userEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Sign' }));
}

describe('SignDocumentPage', () => {
  it('refuses to sign before the document is opened, and checks the fields as the API does', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign' }));
    expect(screen.getByLabelText(/6-digit code from the e-mail/)).toHaveAccessibleDescription(
      MESSAGES.SIGNATURE_CODE_REQUIRED,
    );
    expect(screen.getByText(MESSAGES.SIGNATURE_DRAWING_REQUIRED)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.SIGNATURE_AGREE_REQUIRED)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/6-digit code/), '123456');
    await userEvent.click(screen.getByRole('tab', { name: 'Type' }));
    await userEvent.type(screen.getByLabelText('Type your full name as your signature'), 'Priya Rao');
    await userEvent.click(
      screen.getByRole('checkbox', { name: /I agree to sign this document electronically/ }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.SIGNATURE_OPEN_FIRST);
    expect(bodiesOf(CALLS.accountSignaturesSign)).toEqual([]);
  });

  it('opens the document, confirms it is the client (step-up, then the e-mailed code), and signs typed', async () => {
    const { container } = renderPage();
    expect(await stepTitles()).toEqual(['1. Read the document', "2. Confirm it's you", '3. Sign']);
    expect(await axeViolations(container)).toEqual([]);

    // 1. Read: the link opens in a new tab, and stays on the page to tap (a phone may block the new tab).
    await userEvent.click(screen.getByRole('button', { name: 'Open the document' }));
    expect(bodiesOf(CALLS.accountSignaturesOpen)).toEqual([{ document_id: DOC, part: 'document' }]);
    expect(window.open).toHaveBeenCalledWith(URL_TO_READ, '_blank', 'noopener');
    expect(screen.getByRole('link', { name: 'Open Form 8879 2025 (PDF)' })).toHaveAttribute(
      'href',
      URL_TO_READ,
    );
    // The list is read again until the server has recorded the opening.
    expect(await screen.findByText('Opened')).toBeInTheDocument();

    // 2. Confirm it's you: the server wants a fresh step first; the dialog asks, then the code is sent.
    await userEvent.click(screen.getByRole('button', { name: 'E-mail me a code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'my password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(/We e-mailed you a 6-digit code\. It went to p•••@example\.com\./),
    ).toBeVisible();
    expect(bodiesOf(CALLS.accountStepUp)).toEqual([{ password: 'my password' }]);
    expect(bodiesOf(CALLS.accountSignaturesCode)).toEqual([{ document_id: DOC }, { document_id: DOC }]);

    // 3. Sign, typed.
    const code = screen.getByLabelText(/6-digit code from the e-mail/);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('tab', { name: 'Type' }));
    await userEvent.type(screen.getByLabelText('Type your full name as your signature'), 'Priya Rao');
    await userEvent.click(
      screen.getByRole('checkbox', { name: /I agree to sign this document electronically/ }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign' }));

    expect(await screen.findByText(MESSAGES.SIGNATURE_SIGNED)).toBeInTheDocument();
    expect(screen.getByText("We are waiting for Arjun Rao's signature.")).toBeInTheDocument();
    expect(bodiesOf(CALLS.accountSignaturesSign)).toEqual([
      { document_id: DOC, code: '123456', signature: { kind: 'typed', text: 'Priya Rao' }, agree: true },
    ]);
  });

  it("shows the server's refusal of the code on the code field", async () => {
    opened = true;
    refuseSigning(
      new ApiClientModule.ApiError(MESSAGES.SIGNATURE_CODE_INVALID, {
        status: 400,
        code: 'VALIDATION_FAILED',
        details: { code: MESSAGES.SIGNATURE_CODE_INVALID },
      }),
    );
    renderPage();
    await signTypedWithCode('654321');
    await waitFor(() =>
      expect(screen.getByLabelText(/6-digit code/)).toHaveAccessibleDescription(
        MESSAGES.SIGNATURE_CODE_INVALID,
      ),
    );
    expect(screen.queryByText(MESSAGES.SIGNATURE_SIGNED)).toBeNull();
  });

  it('shows the lock, not the steps, for a document locked after too many wrong codes; and when signing locks it', async () => {
    api.mockImplementation(async (call: { path: string }) => {
      if (call.path === CALLS.accountSignaturesList.path) return listOf(document({ locked: true }));
      throw new Error(`unexpected call ${call.path}`);
    });
    const { unmount } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.SIGNATURE_LOCKED);
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
    unmount();

    // The tenth wrong code answers 423: the page shows the lock at once.
    refuseSigning(
      new ApiClientModule.ApiError(MESSAGES.SIGNATURE_LOCKED, { status: 423, code: 'SIGNATURE_LOCKED' }),
    );
    renderPage();
    await signTypedWithCode('654321');
    expect(await screen.findByText(MESSAGES.SIGNATURE_LOCKED)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
  });
});
