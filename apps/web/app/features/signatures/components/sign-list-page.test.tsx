import { CALLS, MESSAGES, type SignatureDocument } from '@taxfirm/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as ApiClientModule from '../../../lib/api-client.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ReadyToSignCard } from './ready-to-sign-card.tsx';
import { signatureDocumentFixture, signerFixture } from './signature-document.fixture.ts';
import { SignListPage } from './sign-list-page.tsx';
import { SpouseSignPage } from './spouse-sign-page.tsx';
import { api } from '../../../testing/api-mock.ts';

const signer = signerFixture;
const doc = (id: string, over: Partial<SignatureDocument>): SignatureDocument =>
  signatureDocumentFixture({ document_id: id, ...over });

const TO_SIGN = doc('00000000-0000-4000-8000-0000000000d1', {});
const SIGNED = doc('00000000-0000-4000-8000-0000000000d2', {
  kind: 'engagement',
  title: 'Engagement letter 2025',
  status: 'signed',
  signers: [signer('taxpayer', 'Priya Rao', '2026-11-20T15:00:00.000Z')],
  signed_at: '2026-11-20T15:00:00.000Z',
  signed_url: '/api/signatures/file?t=signed',
  signed_sha256: 'ab'.repeat(32),
});
const ITEM = '00000000-0000-4000-8000-0000000000e1';

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (call: { path: string }) => {
    if (call.path === CALLS.accountSignaturesList.path)
      return { http_code: 200, status_smessage: 'Success', documents: [TO_SIGN, SIGNED], to_sign: 1 };
    if (call.path === CALLS.accountSignaturesPaper.path)
      return {
        http_code: 200,
        status_smessage: MESSAGES.SIGNATURE_PAPER_STARTED,
        item_id: ITEM,
        tax_year: 2025,
      };
    if (call.path === CALLS.spouseSignatureGet.path)
      throw new ApiClientModule.ApiError(MESSAGES.SIGNATURE_LINK_INVALID, { status: 404, code: 'NOT_FOUND' });
    throw new Error(`unexpected call ${call.path}`);
  });
});

function Where() {
  const location = useLocation();
  return <p>At {`${location.pathname}${location.hash}`}</p>;
}

function renderAt(ui: React.ReactNode) {
  return renderWithProviders(
    <Routes>
      <Route path="/user/sign" element={ui} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: '/user/sign' },
  );
}

describe('SignListPage', () => {
  it('lists what waits on the client first, then the signed document with its download', async () => {
    const { container } = renderAt(<SignListPage />);
    const ready = await screen.findByRole('region', { name: 'Ready to sign' });
    expect(within(ready).getByText('Form 8879 2025')).toBeVisible();
    expect(within(ready).getByText('Priya Rao pending · Arjun Rao pending')).toBeVisible();
    expect(within(ready).getByRole('link', { name: 'Sign now: Form 8879 2025' })).toHaveAttribute(
      'href',
      `/user/sign/${TO_SIGN.document_id}`,
    );
    const mine = screen.getByRole('region', { name: 'Your documents' });
    expect(within(mine).getByText('Engagement letter 2025')).toBeVisible();
    expect(within(mine).getByText(/^Priya Rao signed 20 Nov/)).toBeVisible();
    expect(
      within(mine).getByRole('link', { name: 'Download signed PDF: Engagement letter 2025' }),
    ).toHaveAttribute('href', '/api/signatures/file?t=signed');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('turns a document into a checklist upload: "Print, sign and upload instead" goes to the item', async () => {
    renderAt(<SignListPage />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Print, sign and upload instead: Form 8879 2025' }),
    );
    // Asked first: the document can no longer be signed here afterwards.
    const ask = await screen.findByRole('dialog', { name: 'Sign Form 8879 2025 on paper instead?' });
    expect(api.mock.calls.filter(([c]) => c === CALLS.accountSignaturesPaper)).toEqual([]);
    await userEvent.click(within(ask).getByRole('button', { name: 'Sign on paper' }));
    expect(await screen.findByText(`At /user/checklist#item-${ITEM}`)).toBeInTheDocument();
    expect(api.mock.calls.filter(([c]) => c === CALLS.accountSignaturesPaper).map(([, b]) => b)).toEqual([
      { document_id: TO_SIGN.document_id },
    ]);
  });
});

describe('ReadyToSignCard', () => {
  it('lists the documents waiting on the client with Sign now', async () => {
    renderAt(<ReadyToSignCard />);
    const card = await screen.findByRole('region', { name: 'Ready to sign' });
    expect(within(card).getByText('A document is waiting for your signature.')).toBeVisible();
    expect(within(card).getAllByRole('link', { name: /^Sign now/ })).toHaveLength(1);
  });

  it('shows nothing when nothing waits on the client', async () => {
    api.mockImplementation(async () => ({
      http_code: 200,
      status_smessage: 'Success',
      documents: [SIGNED],
      to_sign: 0,
    }));
    const { container } = renderAt(<ReadyToSignCard />);
    await vi.waitFor(() => expect(api).toHaveBeenCalled());
    expect(container).not.toHaveTextContent('Ready to sign');
  });
});

describe('SpouseSignPage', () => {
  it("shows the server's words for a link that is not valid", async () => {
    renderAt(<SpouseSignPage token="bad-token" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.SIGNATURE_LINK_INVALID);
  });
});
