import { MantineProvider, Table } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContentSection } from './content-section.tsx';
import { IconLink } from './icon-link.tsx';
import { SectionCard } from './section-card.tsx';
import { TableHead } from './table-head.tsx';

describe('SectionCard, TableHead and IconLink', () => {
  it('name a section by its h2, head a table by column, and label a link', () => {
    render(
      <MantineProvider>
        <SectionCard headingId="payments-heading" title="Payments">
          <Table aria-labelledby="payments-heading">
            <TableHead columns={['Amount', 'Date']} />
          </Table>
          <IconLink icon={IconDownload} href="/file.pdf" aria-label="Download file.pdf">
            Download
          </IconLink>
        </SectionCard>
      </MantineProvider>,
    );
    expect(screen.getByRole('region', { name: 'Payments' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Payments' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Amount', 'Date']);
    expect(screen.getByRole('link', { name: 'Download file.pdf' })).toHaveAttribute('href', '/file.pdf');
  });

  it('ContentSection is a region named by its h2', () => {
    render(
      <MantineProvider>
        <ContentSection headingId="who-we-are-heading" title="Who we are">
          <p>About us</p>
        </ContentSection>
      </MantineProvider>,
    );
    expect(screen.getByRole('region', { name: 'Who we are' })).toHaveTextContent('About us');
    expect(screen.getByRole('heading', { level: 2, name: 'Who we are' })).toBeInTheDocument();
  });
});
