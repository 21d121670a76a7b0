import { Badge } from '@mantine/core';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@taxfirm/contract';

const STATUS_COLORS: Record<InvoiceStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  partly_paid: 'orange',
  paid: 'green',
  void: 'red',
};

/** An invoice's status: a light badge with dark text (light badges fail contrast otherwise). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} c="dark.7" radius="sm">
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
