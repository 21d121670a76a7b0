import {
  Alert,
  Button,
  Checkbox,
  Code,
  Fieldset,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  FILE_STATUSES,
  POPUP_TYPES,
  WORK_IDLE_MAX_DAYS,
  SOCIAL_LINKS,
  renderFileNumber,
  fileNumberFormatError,
  staffSettingsSchema,
  type StaffSettingsValues,
} from '@taxfirm/contract';
import { Controller } from 'react-hook-form';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useStaffSettings } from '../api/get-staff-settings.ts';
import { useSaveSettings } from '../api/save-settings.ts';

/** The checklist reminder schedule, as the contract bounds it. */
const REMINDER_FIELDS = [
  {
    name: 'reminder_first_days',
    label: 'First reminder after (days)',
    description: 'First reminder after N days',
    min: 1,
    max: 60,
  },
  {
    name: 'reminder_every_days',
    label: 'Then every (days)',
    description: 'Then every N days',
    min: 1,
    max: 60,
  },
  {
    name: 'reminder_max',
    label: 'Most reminders',
    description: 'At most N reminders (0 turns them off)',
    min: 0,
    max: 20,
  },
] as const;

/** Billing (invoices): each switch is part of the saved settings, so saving never resets one. */
const BILLING_SWITCHES = [
  {
    name: 'invoice_inr_enabled',
    label: 'Invoices in INR',
    description: 'Staff may bill India services in rupees; USD is always offered.',
  },
  {
    name: 'invoice_part_payments',
    label: 'Part payments',
    description: "Clients may pay part of an invoice's balance; otherwise they pay all of it at once.",
  },
  {
    name: 'invoice_hold_summary',
    label: 'Hold tax summaries until paid',
    description:
      "A year's final tax summary downloads only once that year's invoices are paid; until then the client sees it as available once paid.",
  },
] as const;

/** The hours of the day (the firm's time) the staff digest may go at: "7:00 AM" is 7. */
const DIGEST_HOURS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? 'AM' : 'PM'}`,
}));

/** The settings page: every site setting, for admins. Anyone else is told they lack access. */
export function SettingsPage() {
  const settings = useStaffSettings();
  if (settings.isPending) return <Loader role="status" aria-label="Loading the settings" />;
  if (settings.error) {
    if (settings.error instanceof ApiError && settings.error.status === 403) {
      return (
        <Alert color="orange" role="alert" title="No access">
          Only an administrator can see and change the site settings.
        </Alert>
      );
    }
    return <ApiErrorAlert error={settings.error} />;
  }
  return <SettingsForm initial={settings.data.settings} />;
}

function SettingsForm({ initial }: { initial: StaffSettingsValues }) {
  const save = useSaveSettings();
  const success = useSubmitMessage();
  const form = useContractForm(staffSettingsSchema, { defaultValues: initial });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    success.clear();
    try {
      const answer = await save.mutateAsync(values);
      form.reset(answer.settings);
      success.show(answer.status_smessage);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });
  const format = form.watch('file_number_format');
  const currentYear = Number(form.watch('current_tax_year'));
  const example =
    typeof format === 'string' && !fileNumberFormatError(format.trim()) && Number.isInteger(currentYear)
      ? renderFileNumber(format.trim(), currentYear, 1)
      : null;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Site settings">
      <Stack gap="lg">
        <Fieldset legend="Firm and contact">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <FormTextField form={form} name="firm_name" label="Firm name" withAsterisk />
            <FormTextField form={form} name="site_email" label="Site e-mail" withAsterisk type="email" />
            <FormTextField form={form} name="usphonenumber" label="US phone number" withAsterisk type="tel" />
            <FormTextField
              form={form}
              name="indianphonenumber"
              label="India phone number"
              withAsterisk
              type="tel"
            />
            <FormTextField form={form} name="officedays" label="Office days" withAsterisk />
            <FormTextField form={form} name="officetimings" label="Office timings" withAsterisk />
            <FormTextField form={form} name="corporateoffice" label="Corporate office" withAsterisk />
            <FormTextField form={form} name="processingcenter" label="Processing center" withAsterisk />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Links">
          <Text fz="sm" c="gray.8" mb="sm">
            Full https:// addresses. Leave a link empty to hide it from the footer.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {SOCIAL_LINKS.map(({ key, label }) => (
              <FormTextField
                key={key}
                form={form}
                name={key}
                label={label}
                type="url"
                placeholder="https://"
              />
            ))}
            <FormTextField
              form={form}
              name="reviews_url"
              label="External reviews address"
              type="url"
              placeholder="https://"
              description='Where "Read more reviews" on the testimonials page points.'
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Home popup and payments">
          <Stack gap="md">
            <Checkbox label="Show the popup on the home page" {...form.register('sitepopupsetting')} />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <NativeSelect
                label="Popup type"
                data={POPUP_TYPES.map((p) => ({ value: String(p.value), label: p.label }))}
                {...form.register('popuptype')}
                error={errors.popuptype?.message}
              />
              <FormTextField
                form={form}
                name="offer_end_date"
                label="Offer end date"
                type="date"
                description="The last day of the offer; empty when none runs."
              />
              <FormTextField
                form={form}
                name="hosted_button_id"
                label="Hosted payment button id"
                description="The payment provider's button for /paypal-payment."
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend="Tax years and file numbers">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              label="Current tax year"
              withAsterisk
              inputMode="numeric"
              {...form.register('current_tax_year', { valueAsNumber: true })}
              error={errors.current_tax_year?.message}
            />
            <TextInput
              label="First tax year"
              withAsterisk
              inputMode="numeric"
              {...form.register('first_tax_year', { valueAsNumber: true })}
              error={errors.first_tax_year?.message}
            />
            <FormTextField
              form={form}
              name="file_number_format"
              label="File number format"
              withAsterisk
              description={
                <>
                  <Code>{'{YYYY}'}</Code> tax year, <Code>{'{YY}'}</Code> its last two digits, one{' '}
                  <Code>{'{NNNN}'}</Code> sequence (1 to 8 N).
                  {example && ` First number: ${example}`}
                </>
              }
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Checklist reminders">
          <Text fz="sm" c="gray.8" mb="sm">
            E-mails that list a client&apos;s open checklist items; they stop by themselves once nothing is
            open.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {REMINDER_FIELDS.map(({ name, label, description, min, max }) => (
              <TextInput
                key={name}
                label={label}
                description={description}
                withAsterisk
                type="number"
                inputMode="numeric"
                min={min}
                max={max}
                step={1}
                {...form.register(name, { valueAsNumber: true })}
                error={errors[name]?.message}
              />
            ))}
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="My work: idle files">
          <Text fz="sm" c="gray.8" mb="sm">
            My work lists a file that has sat in a status longer than this many days. 0 never lists files in
            that status.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {FILE_STATUSES.map((status) => (
              <TextInput
                key={status}
                label={`${status} (days)`}
                type="number"
                inputMode="numeric"
                min={0}
                max={WORK_IDLE_MAX_DAYS}
                step={1}
                {...form.register(`idle_days.${status}`, { valueAsNumber: true })}
                error={errors.idle_days?.[status]?.message}
              />
            ))}
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="E-mails">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <FormTextField
              form={form}
              name="email_logo_url"
              label="E-mail logo (https address)"
              type="url"
              placeholder="https://"
              description="An image at the top of every e-mail; empty shows the firm's name instead."
            />
            <NativeSelect
              label="Daily digest hour"
              description="When staff who chose the daily digest get it, in the firm's time."
              data={DIGEST_HOURS}
              {...form.register('digest_hour')}
              error={errors.digest_hour?.message}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Billing">
          <Stack gap="md">
            {BILLING_SWITCHES.map(({ name, label, description }) => (
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field }) => (
                  <Switch
                    label={label}
                    description={description}
                    name={field.name}
                    ref={field.ref}
                    checked={field.value ?? false}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    onBlur={field.onBlur}
                  />
                )}
              />
            ))}
          </Stack>
        </Fieldset>

        <SuccessAlert message={success.message} />
        <ApiErrorAlert error={alertError(save.error)} />
        <div>
          <Button type="submit" loading={save.isPending} loaderProps={{ 'aria-label': 'Saving' }}>
            Save settings
          </Button>
        </div>
      </Stack>
    </form>
  );
}
