import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DayRangeFilter, listCaption } from './list-cells.tsx';

describe('listCaption', () => {
  it('says it is loading until the first answer, then counts', () => {
    expect(listCaption({ isPending: true }, 'Loading payments…', ['payment', 'payments'])).toBe(
      'Loading payments…',
    );
    expect(
      listCaption({ isPending: false, data: { recordsFiltered: 3 } }, 'Loading…', ['payment', 'payments']),
    ).toBe('3 payments');
    expect(
      listCaption({ isPending: false, data: { recordsFiltered: 1000, more: true } }, 'Loading…', [
        'payment',
        'payments',
      ]),
    ).toBe('1,000+ payments');
  });
});

describe('DayRangeFilter', () => {
  it('reports each day as typed, and shows the error under To', () => {
    const onFromChange = vi.fn();
    const onToChange = vi.fn();
    render(
      <MantineProvider>
        <DayRangeFilter
          from=""
          to=""
          onFromChange={onFromChange}
          onToChange={onToChange}
          error="The start date must not be after the end date."
        />
      </MantineProvider>,
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-31' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-01' } });
    expect(onFromChange).toHaveBeenCalledWith('2026-01-31');
    expect(onToChange).toHaveBeenCalledWith('2026-01-01');
    expect(screen.getByText('The start date must not be after the end date.')).toBeInTheDocument();
  });
});
