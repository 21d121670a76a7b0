import { MantineProvider } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StateRefundForm } from '../features/tax-center/components/state-refund-form.tsx';
import { CHOOSE_STATE_MESSAGE, STATE_REFUND_LINKS } from '../features/tax-center/state-refund-links.ts';
import { enhance } from './state-refund.ts';

/** The form as the server sends it, enhanced by the island as in the browser. */
function serveAndEnhance() {
  document.body.innerHTML = renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(StateRefundForm, { action: '/tax-center', requestedState: null }),
    ),
  );
  const form = screen.getByRole('form', { name: 'State refund status' });
  expect(form).toHaveAttribute('data-ready', 'false');
  enhance(form);
  return form;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('state-refund island', () => {
  it('marks the form ready', () => {
    expect(serveAndEnhance()).toHaveAttribute('data-ready', 'true');
  });

  it('opens the chosen state’s page in a new tab without an opener, and stays on the page', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    serveAndEnhance();
    await userEvent.selectOptions(screen.getByLabelText('State'), 'Georgia');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const georgia = STATE_REFUND_LINKS.find((s) => s.code === 'GA');
    expect(open).toHaveBeenCalledExactlyOnceWith(georgia?.url, '_blank', 'noopener,noreferrer');
    expect(screen.queryByText(CHOOSE_STATE_MESSAGE)).toBeNull();
  });

  it('shows an error tied to the select, and focuses it, when no state is chosen; a choice clears it', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    serveAndEnhance();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const select = screen.getByLabelText('State');
    expect(open).not.toHaveBeenCalled();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription(expect.stringContaining(CHOOSE_STATE_MESSAGE));
    expect(select).toHaveFocus();
    // A second empty Submit shows the message once, not twice.
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getAllByText(CHOOSE_STATE_MESSAGE)).toHaveLength(1);

    await userEvent.selectOptions(select, 'Ohio');
    expect(screen.queryByText(CHOOSE_STATE_MESSAGE)).toBeNull();
    expect(select).not.toHaveAttribute('aria-invalid');
    expect(select).toHaveAccessibleDescription('The state whose income tax return you filed.');
  });
});
