import { Button, Group, Text } from '@mantine/core';
import { staffFileNumberBodySchema } from '@taxfirm/contract';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useSetFileNumber } from '../api/set-file-number.ts';
import { useSuggestFileNumber } from '../api/suggest-file-number.ts';

/** The client's file number: typed, or the next unused one in the firm's format suggested. */
export function FileNumberForm({ clientId, current }: { clientId: string; current: string | null }) {
  const save = useSetFileNumber();
  const suggest = useSuggestFileNumber();
  const success = useSubmitMessage();
  const onSuggest = async () => {
    success.clear();
    const answer = await suggest.mutateAsync(clientId).catch(() => null);
    if (answer) form.setValue('file_number', answer.file_number, { shouldDirty: true, shouldValidate: true });
  };
  const form = useContractForm(staffFileNumberBodySchema, {
    defaultValues: { client_id: clientId, file_number: current ?? '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    success.clear();
    try {
      success.show((await save.mutateAsync(values)).status_smessage);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });
  return (
    <SectionCard as="form" headingId="number-heading" title="File number" onSubmit={onSubmit}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <FormTextField form={form} name="file_number" label="File number" withAsterisk style={{ flex: 1 }} />
        <Button
          variant="default"
          onClick={() => void onSuggest()}
          loading={suggest.isPending}
          loaderProps={{ 'aria-label': 'Finding the next number' }}
          aria-describedby="suggest-hint"
        >
          Suggest
        </Button>
      </Group>
      <Text id="suggest-hint" fz="xs" c="gray.8">
        Suggest fills in the next unused number in the firm&apos;s format; save it to keep it.
      </Text>
      <SuccessAlert message={success.message} />
      <ApiErrorAlert error={alertError(save.error) ?? suggest.error} />
      <Button type="submit" loading={save.isPending} loaderProps={{ 'aria-label': 'Saving' }}>
        Save file number
      </Button>
    </SectionCard>
  );
}
