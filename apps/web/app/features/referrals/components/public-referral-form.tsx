import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { apiPath, CALLS, MESSAGES, type PageFormResult } from '@taxfirm/contract';
import { PostForm, PostPhoneField, PostTextarea, PostTextField } from '../../../components/ui/post-form.tsx';
import { paths } from '../../../config/paths.ts';

/**
 * The public Refer a Friend form as server HTML (ADR 021): it posts to the page without JavaScript; with
 * it, the `public-form` island masks the phones, checks fields as they are left (a friend e-mail equal to
 * one's own says 'Both emails are same'), fills a signed-in client's name and e-mail read-only (the server takes
 * them from the account in any case), sends the referral through the API and shows the server's message.
 * The portal's form (user/saverefferral) is the React `ReferralForm`.
 */
export function PublicReferralForm({ token, result }: { token: string; result: PageFormResult | null }) {
  return (
    <PostForm
      label="Refer a friend"
      action={paths.referAFriend.getHref()}
      api={apiPath(CALLS.saveReferral)}
      token={token}
      result={result}
      text={{ title: 'Referral sent' }}
      transportFailure={MESSAGES.TRANSPORT_ERROR}
    >
      <Fieldset legend="About you">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PostTextField
              name="rf_on_name"
              label="Name"
              autoComplete="name"
              fromSession="userName"
              rules={{ required: MESSAGES.NAME_REQUIRED }}
            />
            <PostTextField
              name="rf_on_email"
              label="Email"
              type="email"
              autoComplete="email"
              fromSession="email"
              rules={{ required: MESSAGES.EMAIL_REQUIRED, email: MESSAGES.EMAIL_INVALID }}
            />
          </SimpleGrid>
          <PostPhoneField
            name="rf_on_phone"
            extensionName="rf_on_phone_ext"
            label="Phone number"
            required={MESSAGES.PHONE_REQUIRED}
            digits={MESSAGES.PHONE_TEN_DIGITS}
          />
        </Stack>
      </Fieldset>
      <Fieldset legend="Your friend">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PostTextField
              name="rf_name"
              label="Your friend name"
              rules={{ required: MESSAGES.FRIEND_NAME_REQUIRED }}
            />
            <PostTextField
              name="rf_email"
              label="Your friend email"
              type="email"
              rules={{
                required: MESSAGES.FRIEND_EMAIL_REQUIRED,
                email: MESSAGES.EMAIL_INVALID,
                differsFrom: { name: 'rf_on_email', message: MESSAGES.REFERRAL_SAME_EMAIL_PUBLIC },
              }}
            />
          </SimpleGrid>
          <PostPhoneField
            name="rf_phone"
            extensionName="rf_phone_ext"
            label="Your friend phone number"
            extensionLabel="Friend country code"
            required={MESSAGES.FRIEND_PHONE_REQUIRED}
            digits={MESSAGES.PHONE_TEN_DIGITS}
          />
        </Stack>
      </Fieldset>
      <PostTextarea
        name="rf_comment"
        label="Message"
        description="Tell us how we can help your friend."
        rows={3}
        rules={{ required: MESSAGES.MESSAGE_REQUIRED }}
      />
    </PostForm>
  );
}
