import { Button, Checkbox, Group, Loader, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import {
  centsToDecimal,
  parseAmount,
  MAX_PRICE_LIST_ITEMS,
  priceListSaveBodySchema,
  type InvoiceCurrency,
  type PriceItem,
} from '@taxfirm/contract';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FieldGroupError } from '../../../components/ui/field-group-error.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { setServerFieldErrors } from '../../../lib/form.ts';
import { useSavePriceList } from '../api/invoices.ts';
import { usePriceList } from '../../../lib/price-list.ts';
import { contractResolver } from '../contract-resolver.ts';
import { FormRow } from './form-row.tsx';
import { PriceField } from './price-field.tsx';

/** The editor's rows: the API's names, the price as typed. */
type PriceListFormValues = {
  items: { id?: string; name: string; amount: string; currency: InvoiceCurrency; active: boolean }[];
};
type SaveBody = z.output<typeof priceListSaveBodySchema>;

const toRows = (items: readonly PriceItem[]): PriceListFormValues => ({
  items: items.map((item) => ({
    id: item.id,
    name: item.name,
    amount: centsToDecimal(item.amount),
    currency: item.currency,
    active: item.active,
  })),
});

const toBody = (values: PriceListFormValues) => ({
  items: values.items.map((item) => ({ ...item, amount: parseAmount(item.amount) })),
});

/** The settings page's price list (admins): what invoices' lines are picked from. */
export function PriceListSection() {
  const list = usePriceList();
  return (
    <SectionCard headingId="price-list-heading" title="Price list" gap="md">
      <Text fz="sm" c="gray.8">
        What staff pick invoice lines from. An invoice keeps its own copy of each name and price, so a change
        here never alters an invoice already made. An inactive item stays listed here but is not offered.
      </Text>
      {list.isPending && <Loader role="status" aria-label="Loading the price list" />}
      <ApiErrorAlert error={list.error} />
      {list.data && <PriceListForm items={list.data.items} inrEnabled={list.data.inr_enabled} />}
    </SectionCard>
  );
}

function PriceListForm({ items, inrEnabled }: { items: readonly PriceItem[]; inrEnabled: boolean }) {
  const save = useSavePriceList();
  const success = useSubmitMessage();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm<PriceListFormValues, unknown, SaveBody>({
    mode: 'onTouched',
    defaultValues: toRows(items),
    resolver: contractResolver(priceListSaveBodySchema, toBody),
  });
  const rows = useFieldArray({ control: form.control, name: 'items' });
  const watched = useWatch({ control: form.control, name: 'items' });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    success.clear();
    setFormError(null);
    try {
      const answer = await save.mutateAsync(body);
      form.reset(toRows(answer.items));
      success.show(answer.status_smessage);
    } catch (error) {
      if (!setServerFieldErrors(form, error)) setFormError(error);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Price list">
      <Stack gap="sm">
        {rows.fields.length === 0 && <Text fz="sm">The price list is empty.</Text>}
        {rows.fields.map((field, index) => {
          const row = watched[index];
          const rowErrors = errors.items?.[index];
          const title = row?.name.trim() || `Item ${index + 1}`;
          const currency = row?.currency ?? 'USD';
          return (
            <FormRow key={field.id} legend={`Item ${index + 1}`}>
              <TextInput
                label="Name"
                withAsterisk
                maxLength={80}
                {...form.register(`items.${index}.name`)}
                error={rowErrors?.name?.message ?? rowErrors?.id?.message ?? rowErrors?.active?.message}
                style={{ flex: '1 1 220px' }}
              />
              <PriceField
                currency={currency}
                {...form.register(`items.${index}.amount`)}
                error={rowErrors?.amount?.message}
                w={140}
              />
              <NativeSelect
                label="Currency"
                data={[
                  { value: 'USD', label: 'USD' },
                  ...(inrEnabled || currency === 'INR' ? [{ value: 'INR', label: 'INR' }] : []),
                ]}
                {...form.register(`items.${index}.currency`)}
                error={rowErrors?.currency?.message}
                w={100}
              />
              <Checkbox label="Active" mt={32} {...form.register(`items.${index}.active`)} />
              <Group gap={4} mt={25}>
                <Button
                  variant="default"
                  size="xs"
                  disabled={index === 0}
                  onClick={() => rows.move(index, index - 1)}
                  aria-label={`Move ${title} up`}
                >
                  Up
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  disabled={index === rows.fields.length - 1}
                  onClick={() => rows.move(index, index + 1)}
                  aria-label={`Move ${title} down`}
                >
                  Down
                </Button>
                <Button
                  variant="default"
                  color="red"
                  size="xs"
                  onClick={() => rows.remove(index)}
                  aria-label={`Remove ${title}`}
                >
                  Remove
                </Button>
              </Group>
            </FormRow>
          );
        })}
        <FieldGroupError message={errors.items?.message ?? errors.items?.root?.message} />
        <div>
          <Button
            variant="default"
            disabled={rows.fields.length >= MAX_PRICE_LIST_ITEMS}
            onClick={() => rows.append({ name: '', amount: '', currency: 'USD', active: true })}
          >
            Add item
          </Button>
        </div>
        <SuccessAlert message={success.message} />
        <ApiErrorAlert error={formError} />
        <div>
          <Button type="submit" loading={save.isPending} loaderProps={{ 'aria-label': 'Saving' }}>
            Save price list
          </Button>
        </div>
      </Stack>
    </form>
  );
}
