import { Alert, FileInput, SimpleGrid, Stack } from '@mantine/core';
import {
  CAREERS_REDIRECT_MS,
  careersBodySchema,
  DEFAULT_PHONE_EXTENSION,
  fileProblem,
  MESSAGES,
  RESUME_FIELD,
  resumeRule,
  type CareersBody,
} from '@taxfirm/contract';
import { IconFileText } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormPhoneField } from '../../../components/ui/form-phone-field.tsx';
import { FormEmailField, FormNameFields, FormTextarea } from '../../../components/ui/form-text-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useSubmitApplication } from '../api/submit-application.ts';

const EMPTY: CareersBody = {
  firstname: '',
  lastname: '',
  emailaddress: '',
  phoneext: DEFAULT_PHONE_EXTENSION,
  phone: '',
  message: '',
};

const ACCEPT = [...resumeRule.types, ...resumeRule.extensions].join(',');

type Outcome = { ok: boolean; message: string };

/**
 * The careers application: the specification's fields and messages, plus an optional résumé (PDF or Word
 * under 6 MB). 'Submitted successfully.' then home after 2 s; 'Please try again later.' on any failure the
 * applicant cannot fix in a field, cleared after 2 s, keeping what they typed.
 */
export function CareersForm() {
  const form = useContractForm(careersBodySchema, { defaultValues: EMPTY });
  const submit = useSubmitApplication();
  const navigate = useNavigate();
  const [resume, setResume] = useState<File | null>(null);
  const [resumeError, setResumeError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => {
      setOutcome(null);
      if (outcome.ok) navigate(paths.home.getHref());
    }, CAREERS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  const chooseResume = (file: File | null) => {
    const problem = file ? fileProblem(resumeRule, file) : null;
    setResumeError(problem);
    // A refused file is not kept: the field empties, as the document slots do.
    setResume(problem ? null : file);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    if (resumeError) return;
    try {
      await submit.mutateAsync({ body: values, resume });
      form.reset(EMPTY);
      setResume(null);
      setOutcome({ ok: true, message: MESSAGES.CAREERS_SUCCESS });
    } catch (error) {
      setServerFieldErrors(form, error);
      const fileMessage = error instanceof ApiError ? error.details[RESUME_FIELD] : undefined;
      if (fileMessage) {
        setResume(null);
        setResumeError(fileMessage);
      }
      const fieldProblem = error instanceof ApiError && error.code === 'VALIDATION_FAILED';
      if (!fieldProblem) setOutcome({ ok: false, message: MESSAGES.CAREERS_FAILURE });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Job application">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormNameFields form={form} first="firstname" last="lastname" />
        </SimpleGrid>
        <FormEmailField form={form} name="emailaddress" />
        <FormPhoneField form={form} name="phone" extensionName="phoneext" label="Phone number" />
        <FormTextarea
          form={form}
          name="message"
          label="Message"
          description="Tell us about your experience and the role you are interested in."
          withAsterisk
          minRows={4}
        />
        <FileInput
          label="Résumé (optional)"
          description="PDF or Word document, under 6 MB."
          placeholder="Choose a file"
          accept={ACCEPT}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove résumé' }}
          leftSection={<IconFileText size={18} aria-hidden />}
          name={RESUME_FIELD}
          value={resume}
          onChange={chooseResume}
          error={resumeError}
        />
        {outcome && (
          <Alert color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
            {outcome.message}
          </Alert>
        )}
        <SubmitButton pending={submit.isPending} busyLabel="Submitting" w={{ base: '100%', sm: 'auto' }}>
          Submit
        </SubmitButton>
      </Stack>
    </form>
  );
}
