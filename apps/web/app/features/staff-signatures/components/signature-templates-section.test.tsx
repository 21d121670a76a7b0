import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CALLS, MESSAGES, type SignatureTemplate } from '@taxfirm/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../testing/api-mock.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { SignatureTemplatesSection } from './signature-templates-section.tsx';

const LETTER: SignatureTemplate = {
  template_id: '1a1a1a1a-1111-4111-8111-111111111111',
  kind: 'engagement',
  title: 'Engagement letter 2025',
  original_name: 'engagement.pdf',
  size: 2048,
  created_at: '2026-11-30T10:00:00.000Z',
};
let kept: SignatureTemplate[] = [];

beforeEach(() => {
  kept = [];
  api.mockReset();
  api.mockImplementation(async (call: { path: string }) => {
    const ok = { http_code: 200, status_smessage: 'Success' };
    if (call.path === CALLS.staffSignatureTemplatesList.path) return { ...ok, templates: kept };
    if (call.path === CALLS.staffSignatureTemplatesSave.path) {
      kept = [LETTER];
      return { ...ok, status_smessage: MESSAGES.SIGNATURE_TEMPLATE_SAVED, templates: kept };
    }
    if (call.path === CALLS.staffSignatureTemplatesRemove.path) {
      kept = [];
      return { ...ok, status_smessage: MESSAGES.SIGNATURE_TEMPLATE_REMOVED, templates: kept };
    }
    throw new Error(`unexpected call ${call.path}`);
  });
});

describe('SignatureTemplatesSection', () => {
  it('keeps a PDF with its kind and title, asking for what is missing first, then stops offering it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignatureTemplatesSection />);
    const form = await screen.findByRole('form', {
      name: 'Documents to sign, kept for bulk actions and automations',
    });
    await user.click(within(form).getByRole('button', { name: 'Keep this document' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Give the document a title.');
    await user.type(
      within(form).getByRole('textbox', { name: 'Title the client sees' }),
      'Engagement letter 2025',
    );
    await user.click(within(form).getByRole('button', { name: 'Keep this document' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose the PDF to keep.');
    const pdf = new File(['%PDF-1.7 letter'], 'engagement.pdf', { type: 'application/pdf' });
    await user.upload(within(form).getByLabelText('Choose the PDF to keep'), pdf);
    expect(await axeViolations()).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Keep this document' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(
        CALLS.staffSignatureTemplatesSave,
        { kind: 'engagement', title: 'Engagement letter 2025' },
        { document: pdf },
      ),
    );
    expect(await within(form).findByText(MESSAGES.SIGNATURE_TEMPLATE_SAVED)).toBeInTheDocument();
    expect(within(form).getByRole('rowheader', { name: 'Engagement letter 2025' })).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Stop offering Engagement letter 2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop offering "Engagement letter 2025"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stop offering it' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(CALLS.staffSignatureTemplatesRemove, {
        template_id: LETTER.template_id,
      }),
    );
    expect(await within(form).findByText(MESSAGES.SIGNATURE_TEMPLATE_REMOVED)).toBeInTheDocument();
  });
});
