import { screen, within } from '@testing-library/react';
import { DOCUMENT_CATEGORIES, type StaffDocuments } from '@taxfirm/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocumentsSection } from './documents-section.tsx';
import { renderWithProviders } from '../../../testing/render.tsx';

const CLIENT = '5b0e8c5e-2a64-4a47-9a39-9c2f2f0e7a11';

const LISTING: StaffDocuments = {
  http_code: 200,
  status_smessage: 'Success',
  tax_year: 2025,
  categories: DOCUMENT_CATEGORIES.map(({ category, tab }) => ({
    category,
    label: tab,
    documents:
      category === 'W2'
        ? [
            {
              document_id: 'd1',
              name: 'w2.pdf',
              size: 2 * 1024 * 1024,
              content_type: 'application/pdf',
              uploaded_at: '2026-02-01T15:00:00.000Z',
              preview_url: '/api/staff/documents/file?t=a.b&inline=1',
              download_url: '/api/staff/documents/file?t=a.b',
            },
          ]
        : category === 'OTHERDOCS'
          ? [
              {
                document_id: 'd2',
                name: 'letter.doc',
                size: 3000,
                content_type: 'application/msword',
                uploaded_at: '2026-02-02T15:00:00.000Z',
                preview_url: null,
                download_url: '/api/staff/documents/file?t=c.d',
              },
            ]
          : [],
  })),
  zip_url: '/api/staff/documents/zip?t=e.f',
  zip_name: 'TF25-0001.zip',
  links_ttl_s: 300,
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(LISTING), { headers: { 'content-type': 'application/json' } }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DocumentsSection', () => {
  it('lists documents by category with preview in a new tab, download, and the ZIP of all', async () => {
    renderWithProviders(<DocumentsSection clientId={CLIENT} />);
    const w2 = await screen.findByRole('table', { name: 'W2' });
    expect(within(w2).getByText('w2.pdf')).toBeInTheDocument();
    expect(within(w2).getByText('2.0 MB')).toBeInTheDocument();
    const preview = within(w2).getByRole('link', { name: 'Preview w2.pdf (opens in a new tab)' });
    expect(preview).toHaveAttribute('href', '/api/staff/documents/file?t=a.b&inline=1');
    expect(preview).toHaveAttribute('target', '_blank');
    expect(preview).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(w2).getByRole('link', { name: 'Download w2.pdf' })).toHaveAttribute(
      'href',
      '/api/staff/documents/file?t=a.b',
    );
    // A Word file has no preview, only a download.
    const other = screen.getByRole('table', { name: 'OTHER DOCS' });
    expect(within(other).queryByRole('link', { name: /Preview/ })).toBeNull();
    expect(within(other).getByText('No preview')).toBeInTheDocument();
    // Empty categories are left out.
    expect(screen.queryByRole('table', { name: '5498/HSA' })).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Download all documents as ZIP (TF25-0001.zip)' }),
    ).toHaveAttribute('href', '/api/staff/documents/zip?t=e.f');
  });
});
