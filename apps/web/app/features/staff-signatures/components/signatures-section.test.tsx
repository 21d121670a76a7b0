import { CALLS, MESSAGES, type FileStatus, type StaffSignatureDocument } from '@taxfirm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { SignaturesSection } from './signatures-section.tsx';
import { api } from '../../../testing/api-mock.ts';

const CLIENT = '5b0e8c5e-2a64-4a47-9a39-9c2f2f0e7a11';
const SHA = 'ab'.repeat(32);

const doc = (over: Partial<StaffSignatureDocument>): StaffSignatureDocument => ({
  document_id: '00000000-0000-4000-8000-0000000000d1',
  kind: '8879',
  title: 'Form 8879 2025',
  tax_year: 2025,
  status: 'signed',
  created_at: '2026-11-25T15:00:00.000Z',
  has_return: true,
  signers: [
    {
      role: 'taxpayer',
      name: 'Priya Rao',
      email: 'priya@example.com',
      opened_at: '2026-11-26T16:10:00.000Z',
      return_opened_at: '2026-11-26T16:11:00.000Z',
      signed_at: '2026-11-26T16:14:00.000Z',
      verification: 'password + e-mailed code',
    },
    {
      role: 'spouse',
      name: 'Arjun Rao',
      email: 'arjun@example.com',
      opened_at: '2026-11-26T17:00:00.000Z',
      return_opened_at: '2026-11-26T17:01:00.000Z',
      signed_at: '2026-11-26T17:05:00.000Z',
      verification: 'e-mailed link + e-mailed code',
    },
  ],
  my_role: null,
  signed_at: '2026-11-26T17:05:00.000Z',
  signed_url: '/api/signatures/file?t=signed',
  signed_sha256: SHA,
  paper_item_id: null,
  document_url: '/api/signatures/file?t=unsigned',
  return_url: '/api/signatures/file?t=return',
  sha256: 'cd'.repeat(32),
  void_reason: null,
  reminders_sent: 0,
  last_reminded_at: null,
  created_by: 'Ravi Shah',
  locked: false,
  spouse_link: null,
  ...over,
});

const PENDING = doc({
  document_id: '00000000-0000-4000-8000-0000000000d2',
  kind: 'engagement',
  title: 'Engagement letter 2025',
  status: 'pending',
  has_return: false,
  signers: [
    {
      role: 'taxpayer',
      name: 'Priya Rao',
      email: 'priya@example.com',
      opened_at: null,
      return_opened_at: null,
      signed_at: null,
      verification: null,
    },
  ],
  signed_at: null,
  signed_url: null,
  signed_sha256: null,
  return_url: null,
  reminders_sent: 2,
  last_reminded_at: '2026-11-24T15:00:00.000Z',
});

const bodiesOf = (call: unknown) =>
  api.mock.calls.filter(([c]) => c === call).map(([, body, files]) => ({ body, files }));

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (call: { path: string }) => {
    if (call.path === CALLS.staffSignaturesList.path)
      return {
        http_code: 200,
        status_smessage: 'Success',
        documents: [PENDING, doc({})],
        efile_ready: true,
        spouse: { name: 'Arjun Rao', email: 'arjun@example.com' },
        expires_in: 300,
      };
    if (call.path === CALLS.staffSignaturesCreate.path)
      return { http_code: 200, status_smessage: MESSAGES.SIGNATURE_CREATED, document_id: 'new' };
    if (call.path === CALLS.staffSignaturesVoid.path)
      return { http_code: 200, status_smessage: MESSAGES.SIGNATURE_VOIDED };
    if (call.path === CALLS.staffSignaturesReopen.path)
      return { http_code: 200, status_smessage: MESSAGES.SIGNATURE_REOPENED };
    if (call.path === CALLS.staffSignaturesSpouseRevoke.path)
      return { http_code: 200, status_smessage: MESSAGES.SIGNATURE_SPOUSE_LINK_REVOKED };
    if (call.path === CALLS.staffSignaturesSpouseResend.path)
      return { http_code: 200, status_smessage: MESSAGES.SIGNATURE_SPOUSE_LINK_RESENT };
    throw new Error(`unexpected call ${call.path}`);
  });
});

function renderSection(
  onMoveStatus = vi.fn(async () => 'Status changed.'),
  fileStatus: FileStatus = 'Confirmation Pending',
) {
  const view = renderWithProviders(
    <SignaturesSection
      clientId={CLIENT}
      clientName="Priya Rao"
      taxYear={2025}
      fileStatus={fileStatus}
      onMoveStatus={onMoveStatus}
    />,
  );
  return { ...view, onMoveStatus };
}

describe('SignaturesSection', () => {
  it('focuses the document a link into the file names (?focus=), not the section', async () => {
    renderWithProviders(
      <SignaturesSection
        clientId={CLIENT}
        clientName="Priya Rao"
        taxYear={2025}
        fileStatus="Confirmation Pending"
        onMoveStatus={vi.fn(async () => 'Status changed.')}
        focusOnOpen
        focusId={PENDING.document_id}
      />,
    );
    const list = await screen.findByRole('list', { name: 'Documents to sign' });
    const named = within(list).getByRole('listitem', { name: PENDING.title });
    await waitFor(() => expect(named).toHaveFocus());
    for (const other of within(list)
      .getAllByRole('listitem', { name: /./ })
      .filter((i) => i !== named))
      expect(other).not.toHaveAttribute('tabindex');
  });

  it('shows each document: status, who signed, the files and the signed SHA-256', async () => {
    const { container } = renderSection();
    const list = await screen.findByRole('list', { name: 'Documents to sign' });
    const [pending, signed] = within(list).getAllByRole('listitem', { name: /./ });
    if (!pending || !signed) throw new Error('two documents expected');

    expect(within(signed).getByText('Signed')).toBeInTheDocument();
    expect(
      within(signed).getByText(
        /^Priya Rao signed 11-26-2026 \d{1,2}:\d{2} [AP]M [A-Z][\w+:-]* · Arjun Rao signed 11-26-2026 /,
      ),
    ).toBeVisible();
    expect(within(signed).getByText(/verified by e-mailed link \+ e-mailed code/)).toBeVisible();
    expect(within(signed).getByText(SHA)).toBeVisible();
    expect(within(signed).getByRole('link', { name: 'Signed PDF' })).toHaveAttribute(
      'href',
      '/api/signatures/file?t=signed',
    );
    expect(within(signed).getByRole('link', { name: 'Full return' })).toBeVisible();
    expect(within(signed).queryByRole('button', { name: /Void/ })).toBeNull();

    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByText('Priya Rao pending')).toBeVisible();
    expect(within(pending).getByText(/Reminders sent: 2/)).toBeVisible();
    expect(within(pending).getByRole('button', { name: 'Void Engagement letter 2025' })).toBeVisible();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('moves the file to Pre E-Filing Pending in one click once the 8879 is signed by everyone', async () => {
    const { onMoveStatus } = renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Move to Pre E-Filing Pending' }));
    expect(onMoveStatus).toHaveBeenCalledWith('Pre E-Filing Pending', 'Form 8879 signed by every signer');
    expect(await screen.findByText('Status changed.')).toBeVisible();
  });

  it('offers no move once the file is at Pre E-Filing Pending or past it', async () => {
    for (const status of ['Pre E-Filing Pending', 'E-Filing Pending', 'Cancel Filing'] as const) {
      const { unmount } = renderSection(undefined, status);
      expect(await screen.findByRole('list', { name: 'Documents to sign' })).toBeVisible();
      expect(screen.queryByRole('button', { name: /^Move to/ })).toBeNull();
      unmount();
    }
  });

  it('requests a signature on Form 8879 for both in one click, with the defaults and the spouse prefilled', async () => {
    renderSection();
    const form = await screen.findByRole('form', { name: 'Request a signature' });
    expect(within(form).getByLabelText('Document')).toHaveValue('8879');
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Form 8879 2025');
    expect(within(form).getByRole('radio', { name: 'Both' })).toBeChecked();
    expect(within(form).getByLabelText(/^Spouse's name/)).toHaveValue('Arjun Rao');
    expect(within(form).getByLabelText(/^Spouse's e-mail/)).toHaveValue('arjun@example.com');

    // Without the PDF, nothing is sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Send to sign' }));
    expect(within(form).getByText('Choose the PDF to sign.')).toBeVisible();
    expect(bodiesOf(CALLS.staffSignaturesCreate)).toEqual([]);

    const pdf = new File(['%PDF-1.7 test'], '8879.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(form).getByLabelText('Choose the PDF to sign'), pdf);
    expect(within(form).getByText('8879.pdf')).toBeVisible();
    await userEvent.click(within(form).getByRole('button', { name: 'Send to sign' }));
    expect(await screen.findByText(MESSAGES.SIGNATURE_CREATED)).toBeVisible();
    expect(bodiesOf(CALLS.staffSignaturesCreate)).toEqual([
      {
        body: {
          client_id: CLIENT,
          taxy: 2025,
          kind: '8879',
          title: 'Form 8879 2025',
          signers: 'both',
          spouse_name: 'Arjun Rao',
          spouse_email: 'arjun@example.com',
          placements: '',
        },
        files: { document: pdf, return: null },
      },
    ]);
  });

  it("sends changed positions, follows the kind's title, and leaves out the spouse when only the taxpayer signs", async () => {
    renderSection();
    const form = await screen.findByRole('form', { name: 'Request a signature' });
    await userEvent.selectOptions(within(form).getByLabelText('Document'), 'engagement');
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Engagement letter 2025');
    await userEvent.click(within(form).getByRole('radio', { name: 'Taxpayer' }));
    expect(within(form).queryByLabelText(/^Spouse's name/)).toBeNull();

    await userEvent.click(within(form).getByRole('button', { name: 'Signature positions' }));
    const page = await within(form).findByRole('spinbutton', { name: 'Taxpayer signature Page' });
    expect(page).toHaveValue(0);
    await userEvent.clear(page);
    await userEvent.type(page, '2');
    await userEvent.upload(
      within(form).getByLabelText('Choose the PDF to sign'),
      new File(['%PDF-1.7'], 'letter.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Send to sign' }));
    await waitFor(() => expect(bodiesOf(CALLS.staffSignaturesCreate)).toHaveLength(1));
    const sent = bodiesOf(CALLS.staffSignaturesCreate)[0]?.body as Record<string, unknown>;
    expect(sent).not.toHaveProperty('spouse_name');
    expect(sent.signers).toBe('taxpayer');
    expect(JSON.parse(String(sent.placements))).toEqual({
      taxpayer: { signature: { page: 2, x: 0.1, y: 0.82 }, date: { page: 0, x: 0.6, y: 0.82 } },
    });
  });

  it('refuses a file that is not a PDF before sending', async () => {
    renderSection();
    const form = await screen.findByRole('form', { name: 'Request a signature' });
    await userEvent.upload(
      within(form).getByLabelText('Choose the PDF to sign'),
      new File(['x'], 'scan.jpg', { type: 'image/jpeg' }),
      { applyAccept: false },
    );
    expect(within(form).getByText(MESSAGES.SIGNATURE_PDF_ONLY)).toBeVisible();
  });

  it('voids a pending document with a reason', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Void Engagement letter 2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void Engagement letter 2025?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void document' }));
    expect(within(dialog).getByLabelText(/^Reason/)).toHaveAccessibleDescription(
      MESSAGES.SIGNATURE_VOID_REASON_REQUIRED,
    );
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Wrong year');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void document' }));
    expect(await screen.findByText(MESSAGES.SIGNATURE_VOIDED)).toBeVisible();
    expect(bodiesOf(CALLS.staffSignaturesVoid).map((c) => c.body)).toEqual([
      { document_id: PENDING.document_id, reason: 'Wrong year' },
    ]);
  });

  it('shows a document locked after too many wrong codes, and reopens it after asking', async () => {
    const locked = doc({
      ...PENDING,
      document_id: '00000000-0000-4000-8000-0000000000d3',
      title: 'Locked letter',
      locked: true,
    });
    api.mockImplementation(async (call: { path: string }) => {
      if (call.path === CALLS.staffSignaturesList.path)
        return {
          http_code: 200,
          status_smessage: 'Success',
          documents: [locked],
          efile_ready: false,
          spouse: null,
          expires_in: 300,
        };
      if (call.path === CALLS.staffSignaturesReopen.path)
        return { http_code: 200, status_smessage: MESSAGES.SIGNATURE_REOPENED };
      throw new Error(`unexpected call ${call.path}`);
    });
    const { container } = renderSection();
    expect(await screen.findByText('Locked after too many wrong codes')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Reopen Locked letter for signing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen Locked letter for signing?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bodiesOf(CALLS.staffSignaturesReopen)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Reopen Locked letter for signing' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Reopen Locked letter for signing?' })).getByRole(
        'button',
        { name: 'Reopen for signing' },
      ),
    );
    expect(await screen.findByText(MESSAGES.SIGNATURE_REOPENED)).toBeVisible();
    expect(bodiesOf(CALLS.staffSignaturesReopen).map((c) => c.body)).toEqual([
      { document_id: locked.document_id },
    ]);
    expect(await axeViolations(container)).toEqual([]);
  });

  it("revokes the spouse's link and sends a new one, each after asking", async () => {
    const joint = doc({
      ...PENDING,
      document_id: '00000000-0000-4000-8000-0000000000d4',
      title: 'Joint letter',
      spouse_link: 'active',
      signers: [
        ...PENDING.signers,
        {
          role: 'spouse',
          name: 'Arjun Rao',
          email: 'arjun@example.com',
          opened_at: null,
          return_opened_at: null,
          signed_at: null,
          verification: null,
        },
      ],
    });
    api.mockImplementation(async (call: { path: string }) => {
      if (call.path === CALLS.staffSignaturesList.path)
        return {
          http_code: 200,
          status_smessage: 'Success',
          documents: [joint],
          efile_ready: false,
          spouse: null,
          expires_in: 300,
        };
      if (call.path === CALLS.staffSignaturesSpouseRevoke.path)
        return { http_code: 200, status_smessage: MESSAGES.SIGNATURE_SPOUSE_LINK_REVOKED };
      if (call.path === CALLS.staffSignaturesSpouseResend.path)
        return { http_code: 200, status_smessage: MESSAGES.SIGNATURE_SPOUSE_LINK_RESENT };
      throw new Error(`unexpected call ${call.path}`);
    });
    renderSection();
    expect(await screen.findByText("Spouse's link: working")).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: "Revoke the spouse's link for Joint letter" }));
    const revoke = await screen.findByRole('dialog', { name: "Revoke Arjun Rao's signing link?" });
    // Destructive: Cancel has the focus first.
    expect(within(revoke).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(revoke).getByRole('button', { name: 'Revoke link' }));
    expect(await screen.findByText(MESSAGES.SIGNATURE_SPOUSE_LINK_REVOKED)).toBeVisible();

    await userEvent.click(
      screen.getByRole('button', { name: 'Send the spouse a new link for Joint letter' }),
    );
    const resend = await screen.findByRole('dialog', { name: 'Send Arjun Rao a new signing link?' });
    await userEvent.click(within(resend).getByRole('button', { name: 'Send new link' }));
    expect(await screen.findByText(MESSAGES.SIGNATURE_SPOUSE_LINK_RESENT)).toBeVisible();
    expect(bodiesOf(CALLS.staffSignaturesSpouseRevoke).map((c) => c.body)).toEqual([
      { document_id: joint.document_id },
    ]);
    expect(bodiesOf(CALLS.staffSignaturesSpouseResend).map((c) => c.body)).toEqual([
      { document_id: joint.document_id },
    ]);
  });
});
