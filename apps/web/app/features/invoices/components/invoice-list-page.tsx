import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '@taxfirm/contract';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { PlainList } from '../../../components/ui/plain-list.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDay } from '../../../lib/dates.ts';
import { useInvoices } from '../api/invoices.ts';
import { balanceDueText, InvoiceStatusBadge, OverdueBadge } from './invoice-badges.tsx';

/** user/invoices: every invoice the firm sent (open ones first), each a link to its page. */
export function InvoiceListPage() {
  const list = useInvoices();
  if (list.isPending) {
    return <LoadingStatus>Loading your invoices…</LoadingStatus>;
  }
  if (list.error) return <ApiErrorAlert error={list.error} />;
  const { invoices } = list.data;
  if (invoices.length === 0) return <Text>You have no invoices yet.</Text>;
  return (
    <PlainList gap="md" maw={640}>
      {invoices.map((invoice) => (
        <Card component="li" key={invoice.id} withBorder radius="md" padding="md">
          <Stack gap={4}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} fz="lg">
                <Anchor component={Link} to={paths.user.invoice.getHref(invoice.id)} underline="always">
                  Invoice {invoice.number}
                </Anchor>
              </Title>
              <InvoiceStatusBadge status={invoice.status} />
              {invoice.overdue && <OverdueBadge />}
            </Group>
            <Text fz="sm" c="gray.8">
              Tax year {invoice.tax_year}
              {invoice.due_date && ` · Due ${formatDay(invoice.due_date)}`} · Total{' '}
              {formatMoney(invoice.total, invoice.currency)}
            </Text>
            {invoice.status !== 'void' && <Text fw={600}>{balanceDueText(invoice)}</Text>}
          </Stack>
        </Card>
      ))}
    </PlainList>
  );
}
