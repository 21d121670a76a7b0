import {
  apiPath,
  CALLS,
  CAREERS_REDIRECT_MS,
  MESSAGES,
  RESUME_FIELD,
  resumeRule,
  type PageFormResult,
} from '@taxfirm/contract';
import { SimpleGrid } from '@mantine/core';
import {
  PostFileField,
  PostForm,
  PostPhoneField,
  PostTextarea,
  PostTextField,
} from '../../../components/ui/post-form.tsx';
import { paths } from '../../../config/paths.ts';

/**
 * The careers application as server HTML (ADR 021), with an optional résumé (PDF or Word under 6 MB): it
 * posts to the page without JavaScript (multipart); with it, the `public-form` island checks fields and the
 * résumé, sends it through the API, shows 'Submitted successfully.' and goes home after 2 s, or shows
 * 'Please try again later.' for a failure no field explains, cleared after 2 s, keeping what was typed.
 */
export function CareersForm({ token, result }: { token: string; result: PageFormResult | null }) {
  return (
    <PostForm
      label="Job application"
      action={paths.careers.getHref()}
      api={apiPath(CALLS.careersSubmit)}
      token={token}
      result={result}
      multipart
      text={{ failure: MESSAGES.CAREERS_FAILURE }}
      next={paths.home.getHref()}
      nextAfterMs={CAREERS_REDIRECT_MS}
      clearAfterMs={CAREERS_REDIRECT_MS}
      transportFailure={MESSAGES.CAREERS_FAILURE}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PostTextField
          name="firstname"
          label="First name"
          autoComplete="given-name"
          rules={{ required: MESSAGES.CAREERS_FIRSTNAME_REQUIRED }}
        />
        <PostTextField
          name="lastname"
          label="Last name"
          autoComplete="family-name"
          rules={{ required: MESSAGES.CAREERS_LASTNAME_REQUIRED }}
        />
      </SimpleGrid>
      <PostTextField
        name="emailaddress"
        label="Email"
        type="email"
        autoComplete="email"
        rules={{ required: MESSAGES.EMAIL_REQUIRED, email: MESSAGES.EMAIL_INVALID }}
      />
      <PostPhoneField
        name="phone"
        extensionName="phoneext"
        label="Phone number"
        required={MESSAGES.PHONE_REQUIRED}
        digits={MESSAGES.PHONE_TEN_DIGITS}
      />
      <PostTextarea
        name="message"
        label="Message"
        description="Tell us about your experience and the role you are interested in."
        rules={{ required: MESSAGES.MESSAGE_REQUIRED }}
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
