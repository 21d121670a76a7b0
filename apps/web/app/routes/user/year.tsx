import { useParams } from 'react-router';
import { Page } from '../../components/ui/page-header.tsx';
import { YearView } from '../../features/years/components/year-page.tsx';

export function meta() {
  return [{ title: 'Your tax year' }, { name: 'robots', content: 'noindex' }];
}

/** One tax year in the vault (issue 38), chosen in the year switcher. */
export default function Year() {
  const taxYear = Number(useParams().year);
  return (
    <Page
      title={`Tax year ${Number.isInteger(taxYear) ? taxYear : ''}`}
      description="Everything from this tax year: its summaries, your filed return and signed documents, invoices, uploads and checklist."
    >
      <YearView key={taxYear} taxYear={taxYear} />
    </Page>
  );
}
