import { MantineProvider, Table } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ContentSection } from './content-section.tsx';
import { IconLink } from './icon-link.tsx';
import { ConsolePage } from './page-header.tsx';
import { SectionCard } from './section-card.tsx';
import { SimpleTable } from './table-head.tsx';

const renderUi = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

describe('SectionCard, SimpleTable and IconLink', () => {
  it('name a section by its h2, head a table by column, and label a link', () => {
    renderUi(
      <SectionCard headingId="payments-heading" title="Payments">
        <SimpleTable
          columns={['Amount', 'Date']}
          minWidth={420}
          scrollLabel="Payments table"
          aria-labelledby="payments-heading"
        >
          <Table.Tr>
            <Table.Td>$10.00</Table.Td>
            <Table.Td>01-02-2026</Table.Td>
          </Table.Tr>
        </SimpleTable>
        <IconLink icon={IconDownload} href="/file.pdf" aria-label="Download file.pdf">
          Download
        </IconLink>
      </SectionCard>,
    );
    expect(screen.getByRole('region', { name: 'Payments' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Payments' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Amount', 'Date']);
    expect(screen.getByRole('table', { name: 'Payments' })).toHaveTextContent('$10.00');
    expect(screen.getByLabelText('Payments table')).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('link', { name: 'Download file.pdf' })).toHaveAttribute('href', '/file.pdf');
  });

  it('ContentSection is a region named by its h2', () => {
    renderUi(
      <ContentSection headingId="who-we-are-heading" title="Who we are">
        <p>About us</p>
      </ContentSection>,
    );
    expect(screen.getByRole('region', { name: 'Who we are' })).toHaveTextContent('About us');
    expect(screen.getByRole('heading', { level: 2, name: 'Who we are' })).toBeInTheDocument();
  });

  it('ConsolePage is the main landmark, with the page as its one h1, what it is for, and its content', () => {
    renderUi(
      <ConsolePage title="Inbox" description="Contact messages.">
        <p>The lists</p>
      </ConsolePage>,
    );
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Inbox');
    expect(main).toHaveTextContent('Contact messages.');
    expect(main).toHaveTextContent('The lists');
  });
});
