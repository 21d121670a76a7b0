import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, type StaffInvoice, type StaffRole } from '@taxfirm/contract';
import { useState, type ReactNode } from 'react';
import { ListItemCard } from '../../../components/ui/list-item-card.tsx';
import { formatDate, formatDateTime, formatDay } from '../../../lib/dates.ts';
import { RefundButton, SendButton, VoidButton } from './invoice-actions.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

/** One invoice: status, amounts, dates, lines, payments (refunds for admins), and its actions. */
export function InvoiceCard({
  invoice,
  clientName,
  role,
  report,
  editor,
  focused = false,
}: {
  invoice: StaffInvoice;
  clientName: string;
  role: StaffRole;
  report: (message: string) => void;
  editor: (close: () => void) => ReactNode;
  /** The invoice a link into the file names (`?focus=`). */
  focused?: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const headingId = `invoice-${invoice.id}`;
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const netPaid = invoice.paid - invoice.refunded;
  return (
    <ListItemCard labelledBy={headingId} focused={focused}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="md" id={headingId}>
            {invoice.number}
          </Title>
          <InvoiceStatusBadge status={invoice.status} />
        </Group>
        <Text fz="sm">
          Total {money(invoice.total)} · Paid {money(netPaid)} · Balance {money(invoice.balance)}
          {' · '}Due {invoice.due_date ? formatDay(invoice.due_date) : 'not set'}
          {' · '}Sent {invoice.sent_at ? formatDate(invoice.sent_at) : 'not yet'}
        </Text>
        {editing ? (
          editor(() => setEditing(false))
        ) : (
          <>
            <Table withTableBorder fz="sm" aria-label={`Lines of ${invoice.number}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Quantity</Table.Th>
                  <Table.Th>Price</Table.Th>
                  <Table.Th>Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.lines.map((line, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{line.description}</Table.Td>
                    <Table.Td>{line.quantity}</Table.Td>
                    <Table.Td>{money(line.unit_amount)}</Table.Td>
                    <Table.Td>{money(line.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {invoice.discount > 0 && (
              <Text fz="sm">
                Discount −{money(invoice.discount)}
                {invoice.discount_kind === 'percent' ? ` (${invoice.discount_value}%)` : ''}
                {invoice.discount_reason ? `: ${invoice.discount_reason}` : ''}
              </Text>
            )}
            {invoice.note && <Text fz="sm">Note: {invoice.note}</Text>}
          </>
        )}
        {invoice.status === 'void' && invoice.void_reason && <Text fz="sm">Void: {invoice.void_reason}</Text>}
        {invoice.payments.length > 0 && (
          <Stack component="ul" gap={4} pl="md" m={0} aria-label={`Payments of ${invoice.number}`}>
            {invoice.payments.map((payment) => (
              <Group component="li" key={payment.order_id} gap="sm" wrap="wrap">
                <Text fz="sm">
                  {money(payment.amount)} paid {formatDateTime(payment.paid_at)}
                  {payment.payment_id ? ` · ${payment.payment_id}` : ''}
                  {payment.refunded > 0 ? ` · refunded ${money(payment.refunded)}` : ''}
                </Text>
                <Anchor href={payment.receipt_url} underline="always" fz="sm">
                  Receipt
                </Anchor>
                {role === 'admin' &&
                  payment.amount - payment.refunded > 0 &&
                  // One refund of a payment at a time: none while one is being checked with the provider.
                  !invoice.refunds_pending.some((refund) => refund.order_id === payment.order_id) && (
                    <RefundButton
                      invoice={invoice}
                      orderId={payment.order_id}
                      left={payment.amount - payment.refunded}
                      report={report}
                    />
                  )}
              </Group>
            ))}
          </Stack>
        )}
        {invoice.refunds.length > 0 && (
          <Stack component="ul" gap={2} pl="md" m={0} aria-label={`Refunds of ${invoice.number}`}>
            {invoice.refunds.map((refund) => (
              <Text component="li" fz="sm" key={`${refund.order_id}-${refund.created_at}`}>
                Refunded {money(refund.amount)} {formatDateTime(refund.created_at)}: {refund.reason}
              </Text>
            ))}
          </Stack>
        )}
        {invoice.refunds_pending.length > 0 && (
          <Stack component="ul" gap={2} pl="md" m={0} aria-label={`Refunds of ${invoice.number} in progress`}>
            {invoice.refunds_pending.map((refund) => (
              <Text component="li" fz="sm" key={`${refund.order_id}-${refund.created_at}`}>
                Refund of {money(refund.amount)} on {refund.order_id} asked{' '}
                {formatDateTime(refund.created_at)}: being confirmed with the payment provider
              </Text>
            ))}
          </Stack>
        )}
        <Group gap="sm" wrap="wrap">
          <Anchor href={invoice.pdf_url} target="_blank" rel="noopener" underline="always" fz="sm">
            Invoice PDF
          </Anchor>
          {invoice.status === 'draft' && !editing && (
            <>
              <Button
                variant="default"
                size="compact-sm"
                onClick={() => setEditing(true)}
                aria-label={`Edit ${invoice.number}`}
              >
                Edit
              </Button>
              <SendButton invoice={invoice} clientName={clientName} report={report} />
            </>
          )}
          {invoice.status !== 'void' && netPaid === 0 && !editing && (
            <VoidButton invoice={invoice} report={report} />
          )}
        </Group>
      </Stack>
    </ListItemCard>
  );
}
