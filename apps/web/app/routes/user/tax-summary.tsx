import { Stack, Text, Title } from '@mantine/core';
import { TaxSummaryTable } from '../../features/tax-summaries/components/tax-summary-table.tsx';

export function meta() {
  return [{ title: 'View Tax Summary' }, { name: 'robots', content: 'noindex' }];
}

export default function TaxSummary() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={28} c="navy.9">
          View Tax Summary
        </Title>
        <Text c="gray.8">When we have prepared your return, its summary appears here for you to review.</Text>
      </div>
      <TaxSummaryTable />
    </Stack>
  );
}
