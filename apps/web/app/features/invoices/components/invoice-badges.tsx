import { Badge } from '@mantine/core';
import { formatMoney, INVOICE_STATUS_LABELS, type ClientInvoice } from '@taxfirm/contract';

const STATUS_COLORS: Record<ClientInvoice['status'], string> = {
  sent: 'blue',
  partly_paid: 'yellow',
  paid: 'green',
  void: 'gray',
};

/** An invoice's status (light badges take dark text: the light colour alone fails contrast). */
export function InvoiceStatusBadge({ status }: { status: ClientInvoice['status'] }) {
  return (
    <Badge color={STATUS_COLORS[status]} c="dark.7" variant="light">
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Shown on an open invoice past its due date. */
export function OverdueBadge() {
  return (
    <Badge color="red" c="dark.7" variant="light">
      Overdue
    </Badge>
  );
}

/** "Balance due $150.00": how the portal says what is left to pay, everywhere. */
export function balanceDueText(invoice: Pick<ClientInvoice, 'balance' | 'currency'>): string {
  return `Balance due ${formatMoney(invoice.balance, invoice.currency)}`;
}
