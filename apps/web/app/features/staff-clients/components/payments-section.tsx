import { Badge, SimpleGrid, Table, Text } from '@mantine/core';
import { formatMoney, paymentStatusDisplay, type StaffClient } from '@taxfirm/contract';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { SimpleTable } from '../../../components/ui/table-head.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';

/** The filing's payments (admins; null hides them) and the friends this client referred. */
export function PaymentsSection({
  payments,
  referrals,
}: {
  payments: StaffClient['payments'] | null;
  referrals: StaffClient['referrals'];
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: payments ? 2 : 1 }} spacing="lg">
      {payments && (
        <TableCard
          headingId="payments-heading"
          title="Payments"
          empty="No payments for this tax year."
          columns={['Amount', 'Status', 'Order / payment', 'Date']}
        >
          {payments.map((payment) => {
            const status = paymentStatusDisplay(payment.status);
            return (
              <Table.Tr key={payment.order_id}>
                <Table.Td>
                  {formatMoney(payment.amount_cents, payment.currency)} {payment.currency}
                </Table.Td>
                <Table.Td>
                  <Badge color={status.color} c="dark.7" variant="light">
                    {status.label}
                  </Badge>
                  {payment.failure_reason && <Text fz="xs">{payment.failure_reason}</Text>}
                </Table.Td>
                <Table.Td>
                  <Text fz="xs">{payment.order_id}</Text>
                  {payment.payment_id && <Text fz="xs">{payment.payment_id}</Text>}
                </Table.Td>
                <Table.Td>{formatDateTime(payment.paid_at ?? payment.created_at)}</Table.Td>
              </Table.Tr>
            );
          })}
        </TableCard>
      )}
      <TableCard
        headingId="referrals-heading"
        title="Referrals"
        empty="This client has not referred anyone."
        columns={['Friend', 'E-mail', 'Phone', 'Date']}
      >
        {referrals.map((referral) => (
          <Table.Tr key={`${referral.email}-${referral.created_at}`}>
            <Table.Td>{referral.name}</Table.Td>
            <Table.Td>{referral.email}</Table.Td>
            <Table.Td>{referral.phone}</Table.Td>
            <Table.Td>{formatDate(referral.created_at)}</Table.Td>
          </Table.Tr>
        ))}
      </TableCard>
    </SimpleGrid>
  );
}

/** A card named by its heading with a table of `children` (its rows), or the line `empty` when there are none. */
function TableCard({
  headingId,
  title,
  empty,
  columns,
  children,
}: {
  headingId: string;
  title: string;
  empty: string;
  columns: readonly string[];
  children: readonly ReactNode[];
}) {
  return (
    <SectionCard headingId={headingId} title={title}>
      {children.length === 0 ? (
        <Text fz="sm">{empty}</Text>
      ) : (
        <SimpleTable columns={columns} minWidth={420} aria-labelledby={headingId}>
          {children}
        </SimpleTable>
      )}
    </SectionCard>
  );
}
