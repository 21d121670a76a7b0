import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { clearSession, saveLogin } from '../../../lib/session.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { CLIENT_MENU } from '../menu.ts';
import { ClientShell, type MenuCounts } from './client-shell.tsx';

function renderShell(counts?: MenuCounts) {
  const page = (title: string) => (
    <ClientShell onLogout={vi.fn(async () => {})} {...(counts ? { counts } : {})}>
      <h1>{title}</h1>
    </ClientShell>
  );
  const router = createMemoryRouter(
    [
      { path: paths.user.dashboard.getHref(), element: page('Dashboard page') },
      { path: paths.user.profile.getHref(), element: page('Profile page') },
      { path: '*', element: page('Another page') },
    ],
    { initialEntries: [paths.user.dashboard.getHref()] },
  );
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { router };
}

/** The phone's menu panel: the Client menu the Menu button controls. */
function phonePanel(): HTMLElement {
  const button = screen.getByRole('button', { name: 'Menu' });
  const panel = screen
    .getAllByRole('navigation', { hidden: true })
    .find((nav) => nav.id === button.getAttribute('aria-controls'));
  if (!panel) throw new Error('The Menu button controls no menu.');
  expect(panel).toHaveAttribute('aria-label', 'Client menu');
  return panel;
}

beforeEach(() => {
  saveLogin({
    user_id: 'u1',
    client_id: 'c1',
    user_name: 'Asha Rao',
    email: 'asha@example.com',
    filestatus: 'Docs Upload Pending',
    userstate: 'active',
    filenumber: 'TF-2025-0042',
  });
});
afterEach(() => clearSession());

describe('ClientShell', () => {
  it('shows the file status and number in the top bar, and the side menu for wide screens', () => {
    renderShell();
    const summary = screen.getByTestId('file-summary');
    expect(summary).toHaveTextContent('File status: Docs Upload Pending');
    expect(summary).toHaveTextContent('File number: TF-2025-0042');
    // Closed, the phone's panel is out of the accessibility tree; the side menu (CSS shows it from sm up) is in.
    const [side] = screen.getAllByRole('navigation', { name: 'Client menu' });
    expect(screen.getAllByRole('navigation', { name: 'Client menu' })).toHaveLength(1);
    expect(side).toHaveClass('mantine-visible-from-sm');
    const available = CLIENT_MENU.filter((entry) => entry.available && !entry.paymentOnly);
    expect(within(side as HTMLElement).getAllByRole('link')).toHaveLength(available.length);
  });

  it('on a phone, folds the menu into the top bar: closed at first, so the page comes first', () => {
    renderShell();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveClass('mantine-hidden-from-sm');
    const panel = phonePanel();
    expect(panel).not.toBeVisible();
    expect(panel).toHaveClass('mantine-hidden-from-sm');
    // The closed panel comes before the page, so it can open in place without moving the page's content.
    expect(panel.compareDocumentPosition(screen.getByRole('main')) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('opens and closes with the Menu button, closes on Escape with focus back, and on choosing a link', async () => {
    const user = userEvent.setup();
    const { router } = renderShell();
    const button = screen.getByRole('button', { name: 'Menu' });

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = phonePanel();
    expect(panel).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Profile Information' })).toBeVisible();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();

    // By keyboard: Enter opens, Tab goes into the panel, Escape closes and returns focus to the button.
    button.focus();
    await user.keyboard('{Enter}');
    expect(panel).toBeVisible();
    within(panel).getByRole('link', { name: 'Profile Information' }).focus();
    await user.keyboard('{Escape}');
    expect(panel).not.toBeVisible();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    // Choosing a link goes there and closes the menu.
    await user.click(button);
    await user.click(within(panel).getByRole('link', { name: 'Profile Information' }));
    expect(router.state.location.pathname).toBe(paths.user.profile.getHref());
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(phonePanel()).not.toBeVisible();
  });

  it('is accessible with the menu closed and open', async () => {
    const user = userEvent.setup();
    renderShell();
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    // jsdom applies no media queries, so the side menu would show too: check the open panel on its own.
    expect(await axeViolations(phonePanel())).toEqual([]);
  });

  it('shows the unread messages beside Messages, in the side menu and in the phone menu', async () => {
    const user = userEvent.setup();
    renderShell({ [paths.user.messages.getHref()]: 3 });
    const [side] = screen.getAllByRole('navigation', { name: 'Client menu' });
    expect(within(side as HTMLElement).getByRole('link', { name: 'Messages 3 unread' })).toHaveAttribute(
      'href',
      paths.user.messages.getHref(),
    );
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(within(phonePanel()).getByRole('link', { name: 'Messages 3 unread' })).toBeVisible();
    expect(await axeViolations(phonePanel())).toEqual([]);
  });

  it('lists Invoices with the number of open invoices beside it', () => {
    renderShell({ [paths.user.invoices.getHref()]: 2 });
    const [side] = screen.getAllByRole('navigation', { name: 'Client menu' });
    expect(within(side as HTMLElement).getByRole('link', { name: 'Invoices 2 open' })).toHaveAttribute(
      'href',
      '/user/invoices',
    );
  });

  it('shows no count when nothing is unread', () => {
    renderShell({ [paths.user.messages.getHref()]: 0 });
    const [side] = screen.getAllByRole('navigation', { name: 'Client menu' });
    expect(within(side as HTMLElement).getByRole('link', { name: 'Messages' })).toBeInTheDocument();
  });
});
