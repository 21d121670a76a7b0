import { Button, Group, NativeSelect, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import {
  CALLS,
  ORGANIZER_CURRENCIES,
  staffRatesSaveBodySchema,
  type Rate,
  type StaffRatesSaveBody,
} from '@taxfirm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { submitReporting } from '../../../components/ui/form-steps.ts';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { SimpleTable } from '../../../components/ui/table-head.tsx';
import { api } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { alertError, useContractForm } from '../../../lib/form.ts';

// The rates' calls (kept with the section: its only reader and writer in settings).
const ratesQueryOptions = () =>
  queryOptions({
    queryKey: ['staff-rates'],
    queryFn: () => api(CALLS.staffRatesList, {}),
    retry: false,
  });

function useRates() {
  return useQuery(ratesQueryOptions());
}

function useSaveRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffRatesSaveBody) => api(CALLS.staffRatesSave, body),
    // The organizer's findings (FBAR, Form 8938, PFIC values in dollars) convert with these rates.
    onSuccess: () =>
      Promise.all(
        [['staff-rates'], ['staff-organizer']].map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  });
}

/** Every currency a foreign amount may be given in, but the dollar itself. */
const RATE_CURRENCIES = ORGANIZER_CURRENCIES.filter((currency) => currency !== 'USD');

const emptyRate = (year: number): StaffRatesSaveBody => ({
  currency: 'INR',
  year,
  units_per_usd: '',
  source: '',
});

/**
 * Admins: the Treasury's year-end exchange rates (units of a currency per US dollar), by year and currency, each
 * with its source. The organizer's findings and worksheets convert foreign amounts with them; a change is
 * audited.
 */
export function RatesSection() {
  const rates = useRates();
  const save = useSaveRate();
  const success = useSubmitMessage();
  const form = useContractForm(staffRatesSaveBodySchema, {
    defaultValues: emptyRate(new Date().getFullYear() - 1),
  });
  const { errors } = form.formState;
  const onSubmit = submitReporting(form, success, async (values) => {
    const answer = await save.mutateAsync(values);
    form.reset({ ...values, units_per_usd: '', source: '' });
    return answer.status_smessage;
  });
  /** Put a kept rate in the form, to change it. */
  const change = (rate: Rate) => {
    success.clear();
    form.reset({
      currency: rate.currency as StaffRatesSaveBody['currency'],
      year: rate.year,
      units_per_usd: rate.units_per_usd,
      source: rate.source,
    });
  };

  const list = rates.data?.rates ?? [];
  return (
    <SectionCard headingId="rates-heading" title="Year-end exchange rates" gap="md">
      <Text fz="sm" c="gray.8">
        The Treasury&apos;s year-end rates, as units of the currency per US dollar (85.614 rupees to the
        dollar is 85.614). The organizer&apos;s FBAR, Form 8938 and PFIC findings and worksheets convert
        foreign amounts with the rate of the tax year; say where each comes from.
      </Text>
      {rates.isPending && <LoadingStatus>Loading the rates</LoadingStatus>}
      <ApiErrorAlert error={rates.error} />
      {rates.data && list.length === 0 && <Text>No rate is kept yet.</Text>}
      {list.length > 0 && (
        <SimpleTable
          columns={['Year', 'Currency', 'Units per US dollar', 'Source', 'Updated', 'Actions']}
          minWidth={720}
          fz="sm"
          aria-label="Year-end exchange rates"
          scrollLabel="Year-end exchange rates, scrollable"
        >
          {list.map((rate) => (
            <Table.Tr key={`${rate.year}-${rate.currency}`}>
              <Table.Td>{rate.year}</Table.Td>
              <Table.Th scope="row">{rate.currency}</Table.Th>
              <Table.Td>{rate.units_per_usd}</Table.Td>
              <Table.Td>{rate.source}</Table.Td>
              <Table.Td>
                {formatDateTime(rate.updated_at)}
                {rate.updated_by && ` by ${rate.updated_by}`}
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  aria-label={`Change ${rate.currency} ${rate.year}`}
                  onClick={() => change(rate)}
                >
                  Change
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </SimpleTable>
      )}
      <form noValidate onSubmit={onSubmit} aria-label="Set a year-end rate">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
            <NativeSelect
              label="Currency"
              withAsterisk
              data={RATE_CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
              {...form.register('currency')}
              error={errors.currency?.message}
            />
            <FormTextField
              form={form}
              name="year"
              label="Year"
              withAsterisk
              inputMode="numeric"
              maxLength={4}
            />
            <FormTextField
              form={form}
              name="units_per_usd"
              label="Units per US dollar"
              withAsterisk
              inputMode="decimal"
              placeholder="85.614"
            />
            <FormTextField
              form={form}
              name="source"
              label="Source"
              withAsterisk
              maxLength={300}
              placeholder="Treasury Reporting Rates of Exchange, 31 December"
            />
          </SimpleGrid>
          <SuccessAlert message={success.message} />
          <ApiErrorAlert error={alertError(save.error)} />
          <Group>
            <Button type="submit" loading={save.isPending} loaderProps={{ 'aria-label': 'Saving' }}>
              Save rate
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
