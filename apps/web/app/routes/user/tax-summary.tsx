import { Page } from '../../components/ui/page-header.tsx';
import { TaxSummaryTable } from '../../features/tax-summaries/components/tax-summary-table.tsx';

export function meta() {
  return [{ title: 'View Tax Summary' }, { name: 'robots', content: 'noindex' }];
}

export default function TaxSummary() {
  return (
    <Page
      title="View Tax Summary"
      description="When we have prepared your return, its summary appears here for you to review."
    >
      <TaxSummaryTable />
    </Page>
  );
}
