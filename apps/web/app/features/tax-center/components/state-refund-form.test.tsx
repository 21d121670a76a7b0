import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHOOSE_STATE_MESSAGE, STATE_REFUND_LINKS } from '../state-refund-links.ts';
import { StateRefundForm } from './state-refund-form.tsx';

function renderForm(requestedState: string | null = null) {
  return render(
    <MantineProvider>
      <StateRefundForm action="/tax-center" requestedState={requestedState} />
    </MantineProvider>,
  );
}

// Its behaviour with JavaScript is the state-refund island's (islands/state-refund.test.ts).
describe('StateRefundForm (server markup)', () => {
  it('lists every state of the data file after a "Choose a state" option', () => {
    renderForm();
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Choose a state',
      ...STATE_REFUND_LINKS.map((s) => s.name),
    ]);
    expect(screen.getByRole('form', { name: 'State refund status' })).toHaveAttribute(
      'data-island',
      'state-refund',
    );
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
