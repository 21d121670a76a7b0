import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DetailList, type DetailItem } from './detail-list.tsx';

const ITEMS: DetailItem[] = [
  { label: 'Name', value: 'Asha Rao' },
  { label: 'Occupation', value: null },
  { label: 'Zip', value: '' },
];

function renderList(props: Partial<Parameters<typeof DetailList>[0]> = {}) {
  return render(
    <MantineProvider>
      <DetailList items={ITEMS} {...props} />
    </MantineProvider>,
  );
}

describe('DetailList', () => {
  it('lists each label with its value as terms and definitions, a missing value reading "Not given"', () => {
    renderList();
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual(['Name', 'Occupation', 'Zip']);
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual([
      'Asha Rao',
      'Not given',
      'Not given',
    ]);
  });

  it('as a table: a named table with each label a row header, and the missing text asked for', () => {
    renderList({ layout: 'table', label: 'Taxpayer', missing: '—' });
    const table = screen.getByRole('table', { name: 'Taxpayer' });
    const name = within(table).getByRole('row', { name: 'Name Asha Rao' });
    expect(within(name).getByRole('rowheader')).toHaveTextContent('Name');
    expect(within(table).getByRole('row', { name: 'Occupation —' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Zip —' })).toBeInTheDocument();
  });
});
