import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { HOME_POPUP_CLOSED_KEY, HomePopup, type HomePopupProps } from './home-popup.tsx';

const FIRM = 'Meridian Tax & Accounting';

function renderPopup(props: Partial<HomePopupProps> = {}) {
  return render(
    <MantineProvider>
      <MemoryRouter>
        <HomePopup enabled type={1} offerEndDate="2099-01-31" firmName={FIRM} {...props} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

afterEach(() => {
  window.sessionStorage.clear();
});

describe('HomePopup', () => {
  it('shows nothing when the setting is off', () => {
    renderPopup({ enabled: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('type 1 offers 50% off with the four benefits and the end date', async () => {
    renderPopup();
    const dialog = await screen.findByRole('dialog', { name: 'Welcome offer: 50% off your tax filing' });
    expect(dialog).toHaveTextContent('50% off');
    for (const benefit of [
      'Free tax estimates',
      'Free tax representation for 5 years',
      'ITIN certification by certified agents',
      'Guaranteed estimated refund',
    ]) {
      expect(dialog).toHaveTextContent(benefit);
    }
    expect(dialog).toHaveTextContent('Offer valid till January 31, 2099');
    expect(screen.getByRole('link', { name: 'Claim your offer' })).toHaveAttribute('href', '/contact-us');
  });

  it.each([
    ['has passed', '2020-01-31'],
    ['is empty', ''],
    ['is not a date', 'someday'],
  ])('type 1 welcomes instead of claiming an offer when the end date %s', async (_, offerEndDate) => {
    renderPopup({ offerEndDate });
    const dialog = await screen.findByRole('dialog', { name: `Welcome to ${FIRM}` });
    expect(dialog).not.toHaveTextContent('50%');
    expect(dialog).not.toHaveTextContent('Offer valid');
  });

  it('type 2 advertises the season with a Contact Us call to action', async () => {
    renderPopup({ type: 2 });
    const dialog = await screen.findByRole('dialog', { name: 'File with us this season' });
    expect(dialog).toHaveTextContent('US returns');
    expect(dialog).toHaveTextContent('Indian returns');
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact-us');
  });

  it('type 3 welcomes the visitor with links to the services', async () => {
    renderPopup({ type: 3 });
    await screen.findByRole('dialog', { name: `Welcome to ${FIRM}` });
    expect(screen.getByRole('link', { name: 'US tax services' })).toHaveAttribute('href', '/us-tax-services');
    expect(screen.getByRole('link', { name: 'Indian tax services' })).toHaveAttribute(
      'href',
      '/indian-tax-services',
    );
  });

  it('closes with its Close button and stays closed for the rest of the visit', async () => {
    const { unmount } = renderPopup();
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.sessionStorage.getItem(HOME_POPUP_CLOSED_KEY)).not.toBeNull();
    unmount();

    renderPopup();
    // The dialog's code is already loaded, so had it been due it would be here now.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with Escape', async () => {
    renderPopup({ type: 2 });
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.sessionStorage.getItem(HOME_POPUP_CLOSED_KEY)).not.toBeNull();
  });
});
