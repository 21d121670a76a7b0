import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HomePopup, type HomePopupProps } from './home-popup.tsx';

const FIRM = 'Meridian Tax & Accounting';

function renderPopup(props: Partial<HomePopupProps> = {}) {
  return render(
    <MantineProvider>
      <HomePopup enabled type={1} offerEndDate="2099-01-31" firmName={FIRM} {...props} />
    </MantineProvider>,
  );
}

/**
 * The popup's dialog named `name`: in the HTML, closed (the island opens one). A closed dialog is hidden, and
 * Testing Library computes no name for hidden elements, so the name is read from its labelling heading.
 */
function dialog(name: string) {
  const named = screen
    .getAllByRole('dialog', { hidden: true })
    .filter((d) => within(d).queryByRole('heading', { level: 2, name, hidden: true }));
  expect(named).toHaveLength(1);
  const [element] = named;
  if (!element) throw new Error(`no dialog named ${name}`);
  const heading = within(element).getByRole('heading', { level: 2, name, hidden: true });
  expect(element).toHaveAttribute('aria-labelledby', heading.id);
  expect(element).not.toHaveAttribute('open');
  return element;
}

describe('HomePopup (server HTML)', () => {
  it('renders nothing when the setting is off', () => {
    renderPopup({ enabled: false });
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });

  it('type 1 carries the offer, with its four benefits and end date, and the welcome that replaces it', () => {
    renderPopup();
    const offer = dialog('Welcome offer: 50% off your tax filing');
    expect(offer).toHaveTextContent('50% off');
    for (const benefit of [
      'Free tax estimates',
      'Free tax representation for 5 years',
      'ITIN certification by certified agents',
      'Guaranteed estimated refund',
    ]) {
      expect(offer).toHaveTextContent(benefit);
    }
    expect(offer).toHaveTextContent('Offer valid till January 31, 2099');
    expect(within(offer).getByRole('link', { name: 'Claim your offer', hidden: true })).toHaveAttribute(
      'href',
      '/contact-us',
    );
    expect(within(offer).getByRole('button', { name: 'Close', hidden: true })).toBeInTheDocument();
    const welcome = dialog(`Welcome to ${FIRM}`);
    expect(welcome).not.toHaveTextContent('50%');
  });

  it.each([
    ['is empty', ''],
    ['is not a date', 'someday'],
  ])('type 1 carries only the welcome when the end date %s', (_, offerEndDate) => {
    renderPopup({ offerEndDate });
    expect(screen.getAllByRole('dialog', { hidden: true })).toHaveLength(1);
    expect(dialog(`Welcome to ${FIRM}`)).not.toHaveTextContent('Offer valid');
  });

  it('type 2 advertises the season with a Contact Us link', () => {
    renderPopup({ type: 2 });
    const advert = dialog('File with us this season');
    expect(advert).toHaveTextContent('US returns');
    expect(advert).toHaveTextContent('Indian returns');
    expect(within(advert).getByRole('link', { name: 'Contact Us', hidden: true })).toHaveAttribute(
      'href',
      '/contact-us',
    );
  });

  it('type 3 welcomes with links to the main sections', () => {
    renderPopup({ type: 3 });
    const welcome = dialog(`Welcome to ${FIRM}`);
    for (const [name, href] of [
      ['US tax services', '/us-tax-services'],
      ['Indian tax services', '/indian-tax-services'],
      ['Tax center', '/tax-center'],
    ] as const) {
      expect(within(welcome).getByRole('link', { name, hidden: true })).toHaveAttribute('href', href);
    }
  });
});
