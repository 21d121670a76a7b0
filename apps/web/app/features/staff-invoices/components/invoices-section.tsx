import { Card, Stack, Text } from '@mantine/core';
import { type StaffRole } from '@taxfirm/contract';
import { QuerySectionCard } from '../../../components/ui/query-section-card.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { useStaffInvoices } from '../api/invoices.ts';
import { usePriceList } from '../../../lib/price-list.ts';
import { InvoiceCard } from './invoice-card.tsx';
import { InvoiceForm } from './invoice-form.tsx';

/** The id of the section, for links inside the page. */
export const INVOICES_SECTION_ID = 'invoices';

export type InvoicesSectionProps = {
  clientId: string;
  clientName: string;
  taxYear: number;
  role: StaffRole;
  /** Opened on the file's Billing tab: scroll here and put the focus on it. */
  focusOnOpen?: boolean;
  /** An invoice a link into the file names (`?focus=`): it takes the focus instead of the section. */
  focusId?: string | undefined;
};

/**
 * The file's invoices for the tax year (`?tab=invoices`): each with its status, total, paid, balance, due and
 * sent dates, lines, payments (with receipts and, for admins, refunds), and its actions (edit, send and void
 * a draft; void an unpaid invoice); then "New invoice".
 */
export function InvoicesSection({
  clientId,
  clientName,
  taxYear,
  role,
  focusOnOpen = false,
  focusId,
}: InvoicesSectionProps) {
  const list = useStaffInvoices({
    client_id: clientId,
    taxy: taxYear,
    filter: 'all',
    dataTablesParameters: { draw: 1, start: 0, length: 100 },
  });
  const prices = usePriceList();
  const success = useSubmitMessage();
  const loaded = list.data !== undefined;
  const invoices = list.data?.data ?? [];
  const named = invoices.some((invoice) => invoice.id === focusId);
  return (
    <QuerySectionCard
      headingId="invoices-heading"
      title={<>Invoices · {taxYear}</>}
      id={INVOICES_SECTION_ID}
      focusOnOpen={focusOnOpen && !named}
      query={list}
      loadingLabel="Loading the invoices"
      error={list.error ?? prices.error}
    >
      {loaded &&
        (invoices.length === 0 ? (
          <Text>No invoices for {taxYear} yet.</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Invoices">
            {invoices.map((invoice) => (
              <InvoiceCard
                key={invoice.id}
                focused={invoice.id === focusId}
                invoice={invoice}
                clientName={clientName}
                role={role}
                report={success.show}
                editor={(close) =>
                  prices.data && (
                    <InvoiceForm
                      clientId={clientId}
                      taxYear={taxYear}
                      priceItems={prices.data.items}
                      inrEnabled={prices.data.inr_enabled}
                      draft={invoice}
                      onDone={(message) => {
                        close();
                        if (message) success.show(message);
                      }}
                    />
                  )
                }
              />
            ))}
          </Stack>
        ))}
      <SuccessAlert message={success.message} />
      {prices.data && (
        <Card withBorder radius="md" padding="md" bg="gray.0">
          <InvoiceForm
            key={`${clientId}-${taxYear}`}
            clientId={clientId}
            taxYear={taxYear}
            priceItems={prices.data.items}
            inrEnabled={prices.data.inr_enabled}
          />
        </Card>
      )}
    </QuerySectionCard>
  );
}
