import { Badge, Table, Title } from '@mantine/core';
import { formatMoney, MESSAGES, PAYMENT_STATUS_DISPLAY, type PaymentRecord } from '@taxfirm/contract';
import { formatDate } from '../../../lib/dates.ts';
import { TableHead } from '../../../components/ui/table-head.tsx';

/** The client's payment orders for this filing, newest first: the invoice each paid, and what was refunded. */
export function PaymentHistory({ payments }: { payments: readonly PaymentRecord[] }) {
  return (
    <section>
      <Title order={2} id="payments-heading" fz="xl" c="navy.9" mb="sm">
        Your payments
      </Title>
      {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */}
      <Table.ScrollContainer
        minWidth={640}
        type="native"
        tabIndex={0}
        role="region"
        aria-labelledby="payments-heading"
      >
        <Table striped withTableBorder>
          <TableHead columns={['Date', 'Amount', 'Refunded', 'Invoice', 'Order ID', 'Status']} />
          <Table.Tbody>
            {payments.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={6}>{MESSAGES.NO_DATA}</Table.Td>
              </Table.Tr>
            ) : (
              payments.map((payment) => (
                <Table.Tr key={payment.order_id}>
                  <Table.Td>{formatDate(payment.paid_at ?? payment.created_at)}</Table.Td>
                  <Table.Td>{formatMoney(payment.amount, payment.currency)}</Table.Td>
                  <Table.Td>
                    {payment.refunded > 0 ? formatMoney(payment.refunded, payment.currency) : 'None'}
                  </Table.Td>
                  <Table.Td>{payment.invoice_number ?? 'None'}</Table.Td>
                  <Table.Td ff="monospace">{payment.order_id}</Table.Td>
                  <Table.Td>
                    <Badge color={PAYMENT_STATUS_DISPLAY[payment.status].color} c="dark.7" variant="light">
                      {PAYMENT_STATUS_DISPLAY[payment.status].label}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
