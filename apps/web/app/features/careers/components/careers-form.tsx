import {
  apiPath,
  CALLS,
  CAREERS_FORM,
  CAREERS_REDIRECT_MS,
  MESSAGES,
  RESUME_FIELD,
  resumeRule,
} from '@taxfirm/contract';
import { SimpleGrid } from '@mantine/core';
import { PostField, PostFileField, PostForm, type FormPageData } from '../../../components/ui/post-form.tsx';
import { paths } from '../../../config/paths.ts';

const FIELDS = CAREERS_FORM.fields;

/**
 * The careers application as server HTML (ADR 021), with an optional résumé (PDF or Word under 6 MB): it
 * posts to the page without JavaScript (multipart); with it, the `public-form` island checks fields and the
 * résumé, sends it through the API, shows 'Submitted successfully.' and goes home after 2 s, or shows
 * 'Please try again later.' for a failure no field explains, cleared after 2 s, keeping what was typed.
 */
export function CareersForm(page: FormPageData) {
  return (
    <PostForm
      {...page}
      label="Job application"
      action={paths.careers.getHref()}
      api={apiPath(CALLS.careersSubmit)}
      multipart
      text={{ failure: MESSAGES.CAREERS_FAILURE }}
      next={paths.home.getHref()}
      nextAfterMs={CAREERS_REDIRECT_MS}
      clearAfterMs={CAREERS_REDIRECT_MS}
      transportFailure={MESSAGES.CAREERS_FAILURE}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PostField field={FIELDS.firstname} label="First name" autoComplete="given-name" />
        <PostField field={FIELDS.lastname} label="Last name" autoComplete="family-name" />
      </SimpleGrid>
      <PostField field={FIELDS.emailaddress} label="Email" autoComplete="email" />
      <PostField field={FIELDS.phone} label="Phone number" />
      <PostField
        field={FIELDS.message}
        label="Message"
        description="Tell us about your experience and the role you are interested in."
      />
      <PostFileField
        name={RESUME_FIELD}
        label="Résumé (optional)"
        description="PDF or Word document, under 6 MB."
        rule={resumeRule}
      />
    </PostForm>
  );
}
