import { apiPath, CALLS, CONTACT_FORM, CONTACT_REDIRECT_MS } from '@taxfirm/contract';
import { PostField, PostForm, type FormPageData } from '../../../components/ui/post-form.tsx';
import { paths } from '../../../config/paths.ts';

const FIELDS = CONTACT_FORM.fields;

/**
 * The Contact Us form as server HTML (ADR 021): it posts to the page without JavaScript; with it, the
 * `public-form` island masks the phone, checks fields as they are left, sends the message through the API,
 * shows the server's message in green and goes home after 2 s.
 */
export function ContactForm(page: FormPageData) {
  return (
    <PostForm
      {...page}
      label="Contact form"
      action={paths.contactUs.getHref()}
      api={apiPath(CALLS.saveContactInfo)}
      text={{ title: 'Message sent' }}
      next={paths.home.getHref()}
      nextAfterMs={CONTACT_REDIRECT_MS}
    >
      <PostField field={FIELDS.c_name} label="Name" autoComplete="name" />
      <PostField field={FIELDS.c_email} label="Email" autoComplete="email" />
      <PostField field={FIELDS.c_phone} label="Phone number" />
      <PostField field={FIELDS.c_message} label="Message" />
    </PostForm>
  );
}
