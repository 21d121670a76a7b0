import {
  CALLS,
  MESSAGES,
  OFFSHORE_CONSENT_TITLE,
  OFFSHORE_CONSENT_VERSION,
  offshoreConsentText,
  TERMS_VERSION,
  type CallResponse,
} from '@taxfirm/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ConsentsForm } from './consents-form.tsx';
import { api } from '../../../testing/api-mock.ts';

type Consents = CallResponse<typeof CALLS.accountConsentsGet>;
const TERMS = {
  version: TERMS_VERSION,
  granted: true,
  signature: null,
  at: '2026-11-01T10:00:00.000Z',
  expires_at: null,
};
const ASKED: Consents = {
  http_code: 200,
  status_smessage: 'Success',
  terms_version: TERMS_VERSION,
  offshore_version: OFFSHORE_CONSENT_VERSION,
  offshore_title: OFFSHORE_CONSENT_TITLE,
  offshore_text: offshoreConsentText({
    firmName: 'Firm LLC',
    firmAddress: '1 Main St',
    taxpayerName: 'Asha Rao',
  }),
  taxpayer_name: 'Asha Rao',
  terms: TERMS,
  offshore: null,
  offshore_state: 'unanswered',
  needs_answer: true,
};

function renderForm(consents: Consents, onSaved = vi.fn()) {
  const view = renderWithProviders(<ConsentsForm consents={consents} onSaved={onSaved} />, { route: '/' });
  return { ...view, onSaved };
}

beforeEach(() => {
  api.mockReset();
});

describe('ConsentsForm', () => {
  it('shows the whole wording, Yes and No with neither chosen, and no terms box once the terms are recorded', async () => {
    const { container } = renderForm(ASKED);
    expect(screen.getByRole('heading', { name: OFFSHORE_CONSENT_TITLE })).toBeInTheDocument();
    for (const paragraph of ASKED.offshore_text) expect(screen.getByText(paragraph)).toBeInTheDocument();
    const yes = screen.getByRole('radio', { name: 'Yes, I consent to this disclosure' });
    const no = screen.getByRole('radio', { name: 'No, I do not consent' });
    expect(yes).not.toBeChecked();
    expect(no).not.toBeChecked();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('asks for an answer and a typed name before sending anything', async () => {
    const user = userEvent.setup();
    renderForm(ASKED);
    await user.click(screen.getByRole('button', { name: 'Save my answer' }));
    expect(await screen.findByText(MESSAGES.CONSENT_ANSWER_REQUIRED)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.CONSENT_SIGNATURE_REQUIRED)).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it('sends No with the typed name from the keyboard, then goes on', async () => {
    api.mockResolvedValue({ http_code: 200, status_smessage: MESSAGES.CONSENT_SAVED, offshore_state: 'no' });
    const user = userEvent.setup();
    const { onSaved } = renderForm(ASKED);
    await user.click(screen.getByRole('radio', { name: 'No, I do not consent' }));
    await user.type(screen.getByRole('textbox', { name: /Type your full name to sign/ }), 'Asha Rao');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api).toHaveBeenCalledWith(CALLS.accountConsentsSave, { offshore: 'no', signature: 'Asha Rao' });
  });

  it("shows the server's refusal of a name that is not the client's on the signature field, once, and stays", async () => {
    const message = `${MESSAGES.CONSENT_SIGNATURE_MISMATCH} Asha Rao.`;
    api.mockRejectedValue(
      new ApiError(message, { status: 400, code: 'VALIDATION_FAILED', details: { signature: message } }),
    );
    const user = userEvent.setup();
    const { onSaved } = renderForm(ASKED);
    await user.click(screen.getByRole('radio', { name: 'Yes, I consent to this disclosure' }));
    const field = screen.getByRole('textbox', { name: /Type your full name to sign/ });
    await user.type(field, 'Bina Sen');
    await user.click(screen.getByRole('button', { name: 'Save my answer' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('for an invited client, asks for the terms too and sends accept_terms', async () => {
    api.mockResolvedValue({ http_code: 200, status_smessage: MESSAGES.CONSENT_SAVED, offshore_state: 'yes' });
    const user = userEvent.setup();
    const { onSaved } = renderForm({ ...ASKED, terms: null });
    await user.click(screen.getByRole('radio', { name: 'Yes, I consent to this disclosure' }));
    await user.type(screen.getByRole('textbox', { name: /Type your full name to sign/ }), 'Asha Rao');
    await user.click(screen.getByRole('button', { name: 'Save my answer' }));
    expect(await screen.findByText(MESSAGES.ACCEPT_TERMS)).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await user.click(screen.getByRole('button', { name: 'Save my answer' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api).toHaveBeenCalledWith(CALLS.accountConsentsSave, {
      accept_terms: true,
      offshore: 'yes',
      signature: 'Asha Rao',
    });
  });

  it('shows the answer on record with its date, version and expiry', () => {
    renderForm({
      ...ASKED,
      needs_answer: false,
      offshore_state: 'yes',
      offshore: {
        version: OFFSHORE_CONSENT_VERSION,
        granted: true,
        signature: 'Asha Rao',
        at: '2026-11-20T15:00:00.000Z',
        expires_at: '2027-11-20T15:00:00.000Z',
      },
    });
    const current = screen.getByRole('status');
    expect(current).toHaveTextContent('Yes, you consented');
    expect(current).toHaveTextContent(OFFSHORE_CONSENT_VERSION);
    expect(current).toHaveTextContent('valid until 11-20-2027');
  });
});
