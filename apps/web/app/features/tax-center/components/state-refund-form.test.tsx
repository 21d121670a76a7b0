import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STATE_REFUND_LINKS } from '../state-refund-links.ts';
import { CHOOSE_STATE_MESSAGE, StateRefundForm } from './state-refund-form.tsx';

function renderForm(requestedState: string | null = null) {
  return render(
    <MantineProvider>
      <StateRefundForm action="/tax-center" requestedState={requestedState} />
    </MantineProvider>,
  );
}

describe('StateRefundForm', () => {
  it('lists every state of the data file after a "Choose a state" option', () => {
    renderForm();
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Choose a state',
      ...STATE_REFUND_LINKS.map((s) => s.name),
    ]);
    expect(screen.getByRole('form', { name: 'State refund status' })).toHaveAttribute('data-ready', 'true');
  });

  it('opens the chosen state’s page in a new tab without an opener', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderForm();
    await userEvent.selectOptions(screen.getByLabelText('State'), 'Georgia');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const georgia = STATE_REFUND_LINKS.find((s) => s.code === 'GA');
    expect(open).toHaveBeenCalledExactlyOnceWith(georgia?.url, '_blank', 'noopener,noreferrer');
    expect(screen.queryByText(CHOOSE_STATE_MESSAGE)).toBeNull();
  });

  it('shows an error linked to the select, and focuses it, when no state is chosen', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const select = screen.getByLabelText('State');
    expect(open).not.toHaveBeenCalled();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription(expect.stringContaining(CHOOSE_STATE_MESSAGE));
    expect(select).toHaveFocus();

    await userEvent.selectOptions(select, 'Ohio');
    expect(screen.queryByText(CHOOSE_STATE_MESSAGE)).toBeNull();
  });

  it('after a submission without JavaScript, offers a link to the state’s page', () => {
    renderForm('ny');
    const link = screen.getByRole('link', {
      name: 'Open the New York refund status page (opens in a new tab)',
    });
    expect(link).toHaveAttribute('href', STATE_REFUND_LINKS.find((s) => s.code === 'NY')?.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('after an empty submission without JavaScript, shows the error', () => {
    renderForm('');
    expect(screen.getByText(CHOOSE_STATE_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
