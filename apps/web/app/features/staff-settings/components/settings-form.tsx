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
  Text,
  TextInput,
} from '@mantine/core';
import {
  POPUP_TYPES,
  SOCIAL_LINKS,
  renderFileNumber,
  fileNumberFormatError,
  staffSettingsSchema,
  type StaffSettingsValues,
} from '@taxfirm/contract';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useStaffSettings } from '../api/get-staff-settings.ts';
import { useSaveSettings } from '../api/save-settings.ts';

/** The settings page: every site setting, for admins. Anyone else is told they lack access. */
export function SettingsPage() {
  const settings = useStaffSettings();
  if (settings.isPending) return <Loader aria-label="Loading the settings" />;
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
  const [saved, setSaved] = useState<string | null>(null);
  const form = useContractForm(staffSettingsSchema, { defaultValues: initial });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(null);
    try {
      const answer = await save.mutateAsync(values);
      form.reset(answer.settings);
      setSaved(answer.status_smessage);
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
  const text = (name: Parameters<typeof form.register>[0], label: string, extra: object = {}) => ({
    label,
    ...form.register(name),
    error: errors[name as keyof typeof errors]?.message,
    ...extra,
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Site settings">
      <Stack gap="lg">
        <Fieldset legend="Firm and contact">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput {...text('firm_name', 'Firm name', { withAsterisk: true })} />
            <TextInput {...text('site_email', 'Site e-mail', { withAsterisk: true, type: 'email' })} />
            <TextInput {...text('usphonenumber', 'US phone number', { withAsterisk: true, type: 'tel' })} />
            <TextInput
              {...text('indianphonenumber', 'India phone number', { withAsterisk: true, type: 'tel' })}
            />
            <TextInput {...text('officedays', 'Office days', { withAsterisk: true })} />
            <TextInput {...text('officetimings', 'Office timings', { withAsterisk: true })} />
            <TextInput {...text('corporateoffice', 'Corporate office', { withAsterisk: true })} />
            <TextInput {...text('processingcenter', 'Processing center', { withAsterisk: true })} />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Links">
          <Text fz="sm" c="gray.8" mb="sm">
            Full https:// addresses. Leave a link empty to hide it from the footer.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {SOCIAL_LINKS.map(({ key, label }) => (
              <TextInput key={key} {...text(key, label, { type: 'url', placeholder: 'https://' })} />
            ))}
            <TextInput
              {...text('reviews_url', 'External reviews address', {
                type: 'url',
                placeholder: 'https://',
                description: 'Where "Read more reviews" on the testimonials page points.',
              })}
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
              <TextInput
                {...text('offer_end_date', 'Offer end date', {
                  type: 'date',
                  description: 'The last day of the offer; empty when none runs.',
                })}
              />
              <TextInput
                {...text('hosted_button_id', 'Hosted payment button id', {
                  description: "The payment provider's button for /paypal-payment.",
                })}
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
            <TextInput
              {...text('file_number_format', 'File number format', {
                withAsterisk: true,
                description: (
                  <>
                    <Code>{'{YYYY}'}</Code> tax year, <Code>{'{YY}'}</Code> its last two digits, one{' '}
                    <Code>{'{NNNN}'}</Code> sequence (1 to 8 N).
                    {example && ` First number: ${example}`}
                  </>
                ),
              })}
            />
          </SimpleGrid>
        </Fieldset>

        {saved && (
          <Alert color="green" role="status">
            {saved}
          </Alert>
        )}
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
