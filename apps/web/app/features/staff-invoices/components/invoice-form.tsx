import {
  Button,
  Group,
  NativeSelect,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  centsToDecimal,
  parseAmount,
  formatMoney,
  invoiceTotals,
  staffInvoicesCreateBodySchema,
  type InvoiceCurrency,
  type PriceItem,
  type StaffInvoice,
} from '@taxfirm/contract';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FieldGroupError } from '../../../components/ui/field-group-error.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { setServerFieldErrors } from '../../../lib/form.ts';
import { useCreateInvoice, useSaveInvoice } from '../api/invoices.ts';
import { contractResolver } from '../contract-resolver.ts';
import { currencySign } from '../money.ts';
import { FormRow } from './form-row.tsx';
import { PriceField } from './price-field.tsx';

type DiscountChoice = 'none' | 'amount' | 'percent';

/** What the form holds: the API's field names, with amounts as typed (dollars) and numbers as text. */
export type InvoiceFormValues = {
  currency: InvoiceCurrency;
  lines: { price_item_id: string | null; description: string; quantity: string; unit_amount: string }[];
  discount: { kind: DiscountChoice; value: string; reason: string };
  due_date: string;
  note: string;
};

type CreateBody = z.output<typeof staffInvoicesCreateBodySchema>;

const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The call's body (cents) from what is typed; the contract's schema judges it. */
export function invoiceBody(values: InvoiceFormValues, clientId: string, taxYear: number) {
  const { kind, value, reason } = values.discount;
  return {
    client_id: clientId,
    taxy: taxYear,
    currency: values.currency,
    lines: values.lines.map((line) => ({
      price_item_id: line.price_item_id,
      description: line.description,
      quantity: wholeNumber(line.quantity),
      unit_amount: parseAmount(line.unit_amount),
    })),
    discount:
      kind === 'none'
        ? null
        : { kind, value: kind === 'amount' ? parseAmount(value) : wholeNumber(value), reason },
    due_date: values.due_date,
    note: values.note,
  };
}

/** A draft's values in the form, or an empty invoice. */
function initialValues(draft: StaffInvoice | undefined): InvoiceFormValues {
  if (!draft) {
    return {
      currency: 'USD',
      lines: [],
      discount: { kind: 'none', value: '', reason: '' },
      due_date: '',
      note: '',
    };
  }
  return {
    currency: draft.currency,
    lines: draft.lines.map((line) => ({
      price_item_id: null,
      description: line.description,
      quantity: String(line.quantity),
      unit_amount: centsToDecimal(line.unit_amount),
    })),
    discount: draft.discount_kind
      ? {
          kind: draft.discount_kind,
          value:
            draft.discount_kind === 'amount'
              ? centsToDecimal(draft.discount_value ?? 0)
              : String(draft.discount_value ?? ''),
          reason: draft.discount_reason ?? '',
        }
      : { kind: 'none', value: '', reason: '' },
    due_date: draft.due_date ?? '',
    note: draft.note ?? '',
  };
}

const money = (cents: number, currency: string) => formatMoney(Number.isFinite(cents) ? cents : 0, currency);

/**
 * A new invoice, or a draft's changes: lines from the price list or written out (description, quantity,
 * price in dollars), a discount with its reason, a due date and a note, with the totals as the server will
 * count them. "Save draft" creates the draft (or saves the one being edited); sending is done from the list.
 */
export function InvoiceForm({
  clientId,
  taxYear,
  priceItems,
  inrEnabled,
  draft,
  onDone,
}: {
  clientId: string;
  taxYear: number;
  priceItems: readonly PriceItem[];
  inrEnabled: boolean;
  /** The draft being changed; none for a new invoice. */
  draft?: StaffInvoice;
  /** After a draft was saved (an edit closes), or on Cancel. */
  onDone?: (message: string | null) => void;
}) {
  const create = useCreateInvoice();
  const save = useSaveInvoice();
  const success = useSubmitMessage();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm<InvoiceFormValues, unknown, CreateBody>({
    mode: 'onTouched',
    defaultValues: initialValues(draft),
    resolver: contractResolver(staffInvoicesCreateBodySchema, (values: InvoiceFormValues) =>
      invoiceBody(values, clientId, taxYear),
    ),
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const { errors } = form.formState;
  const watched = useWatch({ control: form.control });
  const currency = watched.currency ?? 'USD';
  const sign = currencySign(currency);
  const discountKind = watched.discount?.kind ?? 'none';
  const preview = invoiceTotals(
    (watched.lines ?? []).map((line) => ({
      quantity: wholeNumber(line.quantity ?? '') || 0,
      unit_amount: parseAmount(line.unit_amount ?? '') || 0,
    })),
    discountKind === 'none'
      ? null
      : {
          kind: discountKind,
          value:
            (discountKind === 'amount'
              ? parseAmount(watched.discount?.value ?? '')
              : wholeNumber(watched.discount?.value ?? '')) || 0,
        },
  );
  const offered = priceItems.filter((item) => item.active && item.currency === currency);
  const formName = draft ? `Edit ${draft.number}` : 'New invoice';

  const onSubmit = form.handleSubmit(async (body) => {
    success.clear();
    setFormError(null);
    try {
      if (draft) {
        const answer = await save.mutateAsync({
          invoice_id: draft.id,
          lines: body.lines,
          discount: body.discount ?? null,
          due_date: body.due_date ?? null,
          note: body.note ?? null,
        });
        onDone?.(answer.status_smessage);
      } else {
        const answer = await create.mutateAsync(body);
        form.reset(initialValues(undefined));
        success.show(answer.status_smessage);
      }
    } catch (error) {
      if (!setServerFieldErrors(form, error)) setFormError(error);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={formName}>
      <Stack gap="md">
        <Title order={3} fz="md">
          {formName}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NativeSelect
            label="Currency"
            data={[
              { value: 'USD', label: 'USD ($)' },
              ...(inrEnabled || currency === 'INR' ? [{ value: 'INR', label: 'INR (₹)' }] : []),
            ]}
            disabled={Boolean(draft)}
            description={draft ? 'A draft keeps its currency.' : undefined}
            {...form.register('currency')}
            error={errors.currency?.message}
          />
          <Select
            label="Add from price list"
            placeholder={offered.length ? 'Choose an item' : 'No items in this currency'}
            data={offered.map((item) => ({
              value: item.id,
              label: `${item.name} · ${formatMoney(item.amount, item.currency)}`,
            }))}
            value={null}
            onChange={(id) => {
              const item = offered.find((candidate) => candidate.id === id);
              if (!item) return;
              lines.append({
                price_item_id: item.id,
                description: item.name,
                quantity: '1',
                unit_amount: centsToDecimal(item.amount),
              });
            }}
            disabled={offered.length === 0}
            comboboxProps={{ withinPortal: false }}
          />
        </SimpleGrid>

        {lines.fields.length === 0 && <Text fz="sm">No lines yet.</Text>}
        {lines.fields.map((field, index) => {
          const lineErrors = errors.lines?.[index];
          return (
            <FormRow key={field.id} legend={`Line ${index + 1}`}>
              <TextInput
                label="Description"
                withAsterisk
                maxLength={120}
                {...form.register(`lines.${index}.description`)}
                // A price list item's own problem (another currency) shows on the line it made.
                error={lineErrors?.description?.message ?? lineErrors?.price_item_id?.message}
                style={{ flex: '1 1 240px' }}
              />
              <TextInput
                label="Quantity"
                withAsterisk
                inputMode="numeric"
                {...form.register(`lines.${index}.quantity`)}
                error={lineErrors?.quantity?.message}
                w={110}
              />
              <PriceField
                currency={currency}
                {...form.register(`lines.${index}.unit_amount`)}
                error={lineErrors?.unit_amount?.message}
                w={150}
              />
              <Button
                variant="default"
                mt={25}
                onClick={() => lines.remove(index)}
                aria-label={`Remove line ${index + 1}`}
              >
                Remove
              </Button>
            </FormRow>
          );
        })}
        <FieldGroupError message={errors.lines?.message ?? errors.lines?.root?.message} />
        <div>
          <Button
            variant="default"
            onClick={() =>
              lines.append({ price_item_id: null, description: '', quantity: '1', unit_amount: '' })
            }
          >
            Add a custom line
          </Button>
        </div>

        <Stack gap="sm">
          <Radio.Group
            label="Discount"
            value={discountKind}
            onChange={(value) => form.setValue('discount.kind', value as DiscountChoice)}
          >
            <Group gap="md" mt={4}>
              <Radio value="none" label="None" />
              <Radio value="amount" label={`Amount (${sign})`} />
              <Radio value="percent" label="Percent (%)" />
            </Group>
          </Radio.Group>
          {discountKind !== 'none' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={discountKind === 'amount' ? `Discount amount (${sign})` : 'Discount percent (%)'}
                withAsterisk
                inputMode={discountKind === 'amount' ? 'decimal' : 'numeric'}
                {...form.register('discount.value')}
                error={errors.discount?.value?.message}
              />
              <TextInput
                label="Discount reason"
                withAsterisk
                maxLength={200}
                {...form.register('discount.reason')}
                error={errors.discount?.reason?.message}
              />
            </SimpleGrid>
          )}
          <FieldGroupError message={errors.discount?.kind?.message ?? errors.discount?.message} />
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            type="date"
            label="Due date"
            description="Optional."
            {...form.register('due_date')}
            error={errors.due_date?.message}
          />
          <Textarea
            label="Note to the client"
            description="Optional; shown on the invoice."
            autosize
            minRows={2}
            maxLength={1000}
            {...form.register('note')}
            error={errors.note?.message}
          />
        </SimpleGrid>

        <Stack gap={2} aria-label="Invoice preview" role="group">
          <Text fz="sm">Subtotal {money(preview.subtotal, currency)}</Text>
          {preview.discount > 0 && <Text fz="sm">Discount −{money(preview.discount, currency)}</Text>}
          <Text fw={700}>Total {money(preview.total, currency)}</Text>
        </Stack>

        <SuccessAlert message={success.message} />
        <ApiErrorAlert error={formError} />
        <Group gap="sm">
          <Button
            type="submit"
            loading={create.isPending || save.isPending}
            loaderProps={{ 'aria-label': 'Saving' }}
          >
            Save draft
          </Button>
          {draft && (
            <Button variant="default" onClick={() => onDone?.(null)}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
