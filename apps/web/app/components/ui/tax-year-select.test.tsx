import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TaxYearSelect } from './tax-year-select.tsx';

describe('TaxYearSelect', () => {
  it('offers the firm’s years and calls back with the year chosen', async () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <TaxYearSelect years={[2025, 2024]} value={2025} onChange={onChange} />
      </MantineProvider>,
    );
    const select = screen.getByLabelText('Tax year');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['2025', '2024']);
    expect(select).toHaveValue('2025');
    await userEvent.selectOptions(select, '2024');
    expect(onChange).toHaveBeenCalledWith(2024);
  });

  it('with an "all" choice, blank stands for every year', async () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <TaxYearSelect years={[2025, 2024]} value={2024} onChange={onChange} allLabel="All years" />
      </MantineProvider>,
    );
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All years', '2025', '2024']);
    await userEvent.selectOptions(screen.getByLabelText('Tax year'), 'All years');
    expect(onChange).toHaveBeenCalledWith(undefined);
  });
});
