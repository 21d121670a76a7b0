import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '@taxfirm/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDay } from '../../../lib/dates.ts';
import { isOpenInvoice, useInvoices } from '../api/invoices.ts';
import { balanceDueText, OverdueBadge } from './invoice-badges.tsx';

/**
 * "Balance due", on the dashboard: what is due now (per currency) and the open invoices, each with View and
 * pay. Nothing while the client has no invoices at all (or the list cannot be read).
 */
export function BalanceDueCard() {
  const list = useInvoices();
  if (!list.data) return null;
  const { balance, invoices } = list.data;
  if (balance.length === 0 && invoices.length === 0) return null;
  const open = invoices.filter(isOpenInvoice);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="balance-due">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="balance-due">
          Balance due
        </Title>
        {balance.length === 0 ? (
          <Text>Nothing is due. Thank you.</Text>
        ) : (
          balance.map((due) => (
            <Text key={due.currency} fz={28} fw={700} c="navy.9" lh={1.2}>
              {formatMoney(due.amount, due.currency)}
            </Text>
          ))
        )}
        {open.length > 0 && (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {open.map((invoice) => (
              <Group component="li" key={invoice.id} justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Group gap="xs">
                    <Text fw={600}>{invoice.number}</Text>
                    {invoice.overdue && <OverdueBadge />}
                  </Group>
                  <Text fz="sm" c="gray.8">
                    Tax year {invoice.tax_year}
                    {invoice.due_date && ` · Due ${formatDay(invoice.due_date)}`}
                  </Text>
                  <Text fz="sm">{balanceDueText(invoice)}</Text>
                </div>
                <Button
                  component={Link}
                  to={paths.user.invoice.getHref(invoice.id)}
                  size="compact-md"
                  aria-label={`View and pay ${invoice.number}`}
                >
                  View and pay
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        <Anchor component={Link} to={paths.user.invoices.getHref()} underline="always" fz="sm">
          All your invoices
        </Anchor>
      </Stack>
    </Card>
  );
}
