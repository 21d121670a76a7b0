import { Page } from '../../components/ui/page-header.tsx';
import { InvoiceListPage } from '../../features/invoices/components/invoice-list-page.tsx';

export function meta() {
  return [{ title: 'Invoices' }, { name: 'robots', content: 'noindex' }];
}

export default function Invoices() {
  return (
    <Page
      title="Invoices"
      description="What we have billed you, what you have paid, and what is left to pay."
    >
      <InvoiceListPage />
    </Page>
  );
}
