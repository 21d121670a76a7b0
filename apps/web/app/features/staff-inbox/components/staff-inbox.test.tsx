import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { StaffInbox } from './staff-inbox.tsx';
import { api } from '../../../testing/api-mock.ts';

// The other tabs' lists stay loading: this test is about the tabs.
beforeEach(() => {
  api.mockImplementation(() => new Promise(() => {}));
});

function Address() {
  return <output aria-label="Address">{useLocation().search}</output>;
}

function renderInbox(role: 'admin' | 'analyst', route = '/staff/inbox') {
  return renderWithProviders(
    <>
      <StaffInbox role={role} invoices={<p>The invoices list</p>} />
      <Address />
    </>,
    { route },
  );
}

describe('StaffInbox', () => {
  it('gives an admin the Invoices tab, which shows the list the route hands it', async () => {
    renderInbox('admin');
    await userEvent.click(screen.getByRole('tab', { name: 'Invoices' }));
    expect(screen.getByText('The invoices list')).toBeVisible();
  });

  it('has no Invoices tab for an analyst', () => {
    renderInbox('analyst');
    expect(screen.queryByRole('tab', { name: 'Invoices' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Payments' })).toBeNull();
  });

  it('keeps the open tab in the address, and opens the tab an address names', async () => {
    renderInbox('admin', '/staff/inbox?tab=invoices');
    expect(screen.getByRole('tab', { name: 'Invoices' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('The invoices list')).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Payments' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('?tab=payments');
    await userEvent.click(screen.getByRole('tab', { name: 'Contact messages' }));
    expect(screen.getByRole('status', { name: 'Address' })).toBeEmptyDOMElement();
  });

  it('opens the first tab for an analyst whose address names an admin tab', () => {
    renderInbox('analyst', '/staff/inbox?tab=payments');
    expect(screen.getByRole('tab', { name: 'Contact messages' })).toHaveAttribute('aria-selected', 'true');
  });
});
