import { apiPath, CALLS, CONTACT_REDIRECT_MS, MESSAGES, type PageFormResult } from '@taxfirm/contract';
import { PostForm, PostPhoneField, PostTextarea, PostTextField } from '../../../components/ui/post-form.tsx';
import { paths } from '../../../config/paths.ts';

/**
 * The Contact Us form as server HTML (ADR 021): it posts to the page without JavaScript; with it, the
 * `public-form` island masks the phone, checks fields as they are left, sends the message through the API,
 * shows the server's message in green and goes home after 2 s.
 */
export function ContactForm({ token, result }: { token: string; result: PageFormResult | null }) {
  return (
    <PostForm
      label="Contact form"
      action={paths.contactUs.getHref()}
      api={apiPath(CALLS.saveContactInfo)}
      token={token}
      result={result}
      text={{ title: 'Message sent' }}
      next={paths.home.getHref()}
      nextAfterMs={CONTACT_REDIRECT_MS}
      transportFailure={MESSAGES.TRANSPORT_ERROR}
    >
      <PostTextField
        name="c_name"
        label="Name"
        autoComplete="name"
        rules={{ required: MESSAGES.NAME_REQUIRED }}
      />
      <PostTextField
        name="c_email"
        label="Email"
        type="email"
        autoComplete="email"
        rules={{ required: MESSAGES.EMAIL_REQUIRED, email: MESSAGES.EMAIL_INVALID }}
      />
      <PostPhoneField
        name="c_phone"
        extensionName="c_phone_ext"
        label="Phone number"
        required={MESSAGES.PHONE_REQUIRED}
        digits={MESSAGES.PHONE_TEN_DIGITS}
      />
      <PostTextarea name="c_message" label="Message" rules={{ required: MESSAGES.MESSAGE_REQUIRED }} />
    </PostForm>
  );
}
