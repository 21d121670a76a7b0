import { Alert, Checkbox, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  accountConsentsSaveBodySchema,
  MESSAGES,
  type CallResponse,
  type CALLS,
  type OffshoreConsentState,
} from '@taxfirm/contract';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TermsLabel } from '../../../components/ui/terms-label.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useSaveConsents } from '../api/consents.ts';

type Consents = CallResponse<typeof CALLS.accountConsentsGet>;

const ANSWER: Record<OffshoreConsentState, string> = {
  yes: 'Yes, you consented',
  no: 'No, you did not consent',
  unanswered: 'Not answered yet',
  expired: 'Your consent has expired',
};

/** The answer on record: what it is, when it was signed, under which version, and until when a Yes holds. */
function CurrentAnswer({ consents }: { consents: Consents }) {
  const { offshore } = consents;
  if (!offshore) return null;
  return (
    <Alert color="gray" variant="outline" title="Your current answer" role="status">
      <Text fz="sm">
        {ANSWER[consents.offshore_state]}. Signed {formatDate(offshore.at)} as “{offshore.signature}”, version{' '}
        {offshore.version}
        {offshore.expires_at ? `, valid until ${formatDate(offshore.expires_at)}` : ''}. You can change it
        below at any time; a change applies from now on.
      </Text>
    </Alert>
  );
}

/**
 * The IRC §7216 consent on its own screen: the full wording, Yes and No as equal choices (nothing chosen
 * beforehand), the typed name as signature and today's date, and, when the terms were never recorded (an
 * invited client), the terms box. Answering No never limits the service.
 */
export function ConsentsForm({ consents, onSaved }: { consents: Consents; onSaved: () => void }) {
  const save = useSaveConsents();
  const needsTerms = consents.terms === null;
  const [termsError, setTermsError] = useState<string | null>(null);
  const form = useContractForm(accountConsentsSaveBodySchema, {
    defaultValues: { signature: '' },
  });
  const { errors } = form.formState;
  const today = formatDate(new Date().toISOString());

  const onSubmit = form.handleSubmit(async (values) => {
    if (needsTerms && !values.accept_terms) {
      setTermsError(MESSAGES.ACCEPT_TERMS);
      return;
    }
    try {
      await save.mutateAsync(values);
      onSaved();
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });

  return (
    <Stack gap="lg">
      <CurrentAnswer consents={consents} />
      <form noValidate onSubmit={onSubmit} aria-labelledby="consent-title">
        <Stack gap="md">
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="consent-title">
            <Stack gap="sm">
              <Title order={2} id="consent-title" fz="xl">
                {consents.offshore_title}
              </Title>
              {consents.offshore_text.map((paragraph) => (
                <Text key={paragraph}>{paragraph}</Text>
              ))}
            </Stack>
          </Paper>
          <Controller
            control={form.control}
            name="offshore"
            render={({ field }) => (
              <Radio.Group
                label="Do you consent to this disclosure?"
                withAsterisk
                value={field.value ?? null}
                onChange={(value) => field.onChange(value)}
                error={errors.offshore?.message}
                name={field.name}
              >
                <Stack gap="xs" mt="xs">
                  <Radio value="yes" label="Yes, I consent to this disclosure" onBlur={field.onBlur} />
                  <Radio value="no" label="No, I do not consent" onBlur={field.onBlur} />
                </Stack>
              </Radio.Group>
            )}
          />
          <TextInput
            label="Type your full name to sign"
            description={`This consent is made out to ${consents.taxpayer_name}.`}
            autoComplete="name"
            withAsterisk
            {...form.register('signature')}
            error={errors.signature?.message}
          />
          <Text>
            Date: <strong>{today}</strong>
          </Text>
          {needsTerms && (
            <Controller
              control={form.control}
              name="accept_terms"
              render={({ field }) => (
                <Checkbox
                  checked={field.value === true}
                  onChange={(event) => {
                    setTermsError(null);
                    field.onChange(event.currentTarget.checked ? true : undefined);
                  }}
                  onBlur={field.onBlur}
                  name={field.name}
                  error={termsError ?? errors.accept_terms?.message}
                  label={<TermsLabel />}
                />
              )}
            />
          )}
          {/* A refusal naming a field (the signature that is not the client's name) shows on that field. */}
          <ApiErrorAlert error={alertError(save.error)} />
          <div>
            <SubmitButton pending={save.isPending} busyLabel="Saving">
              Save my answer
            </SubmitButton>
          </div>
        </Stack>
      </form>
    </Stack>
  );
}
