import { MantineProvider } from '@mantine/core';
import type { SiteSettings } from '@taxfirm/contract';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { testSiteSettings } from '../../../lib/site-settings.fixture.ts';
import { contactDetails } from '../contact-details.ts';
import { SiteFooter } from './site-footer.tsx';

const settings = testSiteSettings({
  firm_name: 'Northwind Tax',
  site_email: 'hello@northwind.example',
  usphonenumber: '(469)-555-0199',
  indianphonenumber: '98765-43210',
  corporateoffice: 'Austin',
  processingcenter: 'Pune',
  facebook_url: 'https://facebook.com/northwind',
  linkedin_url: 'https://www.linkedin.com/company/northwind',
  instagram_url: 'javascript:alert(1)',
});

function renderFooter(values: SiteSettings) {
  const router = createMemoryRouter([
    { path: '/', element: <SiteFooter contact={contactDetails(values)} year={2026} /> },
  ]);
  return render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('SiteFooter social links', () => {
  it('shows the social pages that are set, each opening a new tab without an opener', () => {
    renderFooter(settings);
    const nav = screen.getByRole('navigation', { name: 'Social media' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Facebook (opens in a new tab)',
      'LinkedIn (opens in a new tab)',
    ]);
    expect(links[0]).toHaveAttribute('href', 'https://facebook.com/northwind');
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('shows no social section when none is set', () => {
    renderFooter({ ...settings, facebook_url: '', linkedin_url: '', instagram_url: '' });
    expect(screen.queryByRole('navigation', { name: 'Social media' })).toBeNull();
  });
});
